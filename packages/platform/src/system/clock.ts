// The one clock (DESIGN.md §10): database time, read once and followed with the process's
// monotonic-enough wall clock, so every node agrees. Tests move it instead of sleeping.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@srm/db';

export interface Clock {
  now(): Date;
  nowMs(): number;
}

export class DatabaseClock implements Clock {
  private offset = 0;
  private shift = 0;

  /** Aligns with the database's clock (half the round trip is allowed for). */
  async calibrate(database: Database): Promise<void> {
    const before = Date.now();
    const [row] = await queryRows<{ ms: string | number }>(
      database.db,
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
    );
    const after = Date.now();
    this.offset = Number(row?.ms ?? after) - (before + after) / 2;
  }

  nowMs(): number {
    return Math.round(Date.now() + this.offset + this.shift);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Moves time forward (or back) by `ms` for every later reading. For tests. */
  travel(ms: number): void {
    this.shift += ms;
  }

  /** Sets the current time. For tests. */
  set(ms: number): void {
    this.shift += ms - this.nowMs();
  }
}
