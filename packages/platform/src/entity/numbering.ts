// Document numbers: a sequence per rule, scope (an organisation) and period, taken inside the
// document's transaction. The row lock serialises concurrent saves and a rollback gives the
// number back, so the numbers have no gaps. A rule that allows gaps takes its number in a
// statement committed on its own (on PostgreSQL), so saves do not wait for each other.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type EntityDef, dateParts, parseNumberingPattern } from '@srm/kernel';
import { type Database, type Executor, queryRows } from '@srm/db';

const dialect = new PgDialect();

export async function nextDocumentNumber(
  database: Database,
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
  const next = sql`insert into base_document_sequence (rule, scope, period, last_value)
      values (${`${entity.name}.${rule.field}`}, ${scope}, ${period}, 1)
      on conflict (rule, scope, period)
      do update set last_value = base_document_sequence.last_value + 1
      returning last_value`;
  let result: { last_value: string | number } | undefined;
  if (rule.gaps && database.autonomous) {
    const query = dialect.sqlToQuery(next);
    [result] = await database.autonomous<{ last_value: string | number }>(query.sql, query.params);
  } else [result] = await queryRows<{ last_value: string | number }>(on, next);
  return pattern.render(parts, Number(result!.last_value));
}
