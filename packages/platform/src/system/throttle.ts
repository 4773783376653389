// A limit of "at most once in an interval" per key that holds across app nodes: the last time a
// key went through is a row, taken with one statement (ADR 0033).
import { lt, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { EntityRuntime } from '../entity/runtime';
import { throttleMark } from './tables';

/**
 * Lets `key` through when it did not go through in the last `intervalMs` (and records now),
 * else answers the milliseconds left to wait. Two nodes asked at the same moment let one through.
 */
export async function throttle(runtime: EntityRuntime, key: string, intervalMs: number): Promise<number> {
  const now = runtime.clock.now();
  const since = new Date(now.getTime() - intervalMs);
  const on = runtime.executor();
  const passed = await queryRows<{ key: string }>(
    on,
    sql`insert into base_throttle (key, last_at) values (${key}, ${now})
        on conflict (key) do update set last_at = excluded.last_at
        where base_throttle.last_at <= ${since} or base_throttle.last_at > ${now}
        returning key`,
  );
  // Now and then, marks too old to hold anyone back are removed.
  if (Math.random() < 0.01)
    await on.delete(throttleMark).where(lt(throttleMark.lastAt, new Date(now.getTime() - 86_400_000)));
  if (passed.length) return 0;
  const [mark] = await on
    .select()
    .from(throttleMark)
    .where(sql`${throttleMark.key} = ${key}`);
  return mark ? Math.max(1, mark.lastAt.getTime() + intervalMs - now.getTime()) : 1;
}
