// Schedule occurrences: a 5-field cron expression in a named time zone (cron-parser, the parser
// pg-boss itself uses), checked at save with a clear message, and walked between two instants.
import cronParser from 'cron-parser';

/** Whether the zone is one the runtime knows (an IANA name such as Asia/Shanghai). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether the expression is five fields cron-parser accepts (no seconds field, no macros). */
export function isCron(expression: string): boolean {
  if (expression.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(expression, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The first occurrence strictly after `after` (and not after `end`), or null. */
export function nextOccurrence(
  expression: string,
  zone: string,
  after: Date,
  end?: Date | null,
): Date | null {
  const walk = cronParser.parseExpression(expression, { tz: zone, currentDate: after });
  const next = walk.next().toDate();
  return end && next > end ? null : next;
}

/** The occurrences in (from, to], at most `cap` of them, oldest first. */
export function occurrencesBetween(
  expression: string,
  zone: string,
  from: Date,
  to: Date,
  cap: number,
): Date[] {
  const walk = cronParser.parseExpression(expression, { tz: zone, currentDate: from, endDate: to });
  const found: Date[] = [];
  while (found.length < cap && walk.hasNext()) found.push(walk.next().toDate());
  return found;
}
