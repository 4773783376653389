// Document numbers: a sequence per rule, scope (an organisation) and period, taken inside the
// document's transaction. The row lock serialises concurrent saves and a rollback gives the
// number back, so the numbers have no gaps.
import { sql } from 'drizzle-orm';
import { type EntityDef, dateParts, parseNumberingPattern } from '@srm/kernel';
import { type Executor, queryRows } from '@srm/db';

export async function nextDocumentNumber(
  on: Executor,
  entity: EntityDef,
  row: Readonly<Record<string, unknown>>,
  nowMs: number,
  timeZone: string,
): Promise<string> {
  const rule = entity.numbering!;
  const pattern = parseNumberingPattern(rule.pattern);
  const parts = dateParts(nowMs, timeZone);
  const scope = rule.scope ? String(row[rule.scope] ?? '') : '';
  const period = pattern.period(parts);
  const [result] = await queryRows<{ last_value: string | number }>(
    on,
    sql`insert into base_document_sequence (rule, scope, period, last_value)
        values (${`${entity.name}.${rule.field}`}, ${scope}, ${period}, 1)
        on conflict (rule, scope, period)
        do update set last_value = base_document_sequence.last_value + 1
        returning last_value`,
  );
  return pattern.render(parts, Number(result!.last_value));
}
