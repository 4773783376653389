// The events of live halls (an auction's, later a competitive offer's): one row per thing that
// happened in a hall, numbered per hall. The row holds no price and no name — only what kind of
// thing happened and the id of the record it concerns; each node loads the hall's state once per
// event and builds every recipient's own view from it (hall.ts).
import { bigint, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

export const baseHallEvent = pgTable(
  'base_hall_event',
  {
    /** `auction:12`. */
    hall: varchar('hall', { length: 40 }).notNull(),
    /** 1, 2, 3… per hall, without gaps (raised under the hall owner's row lock). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** bid, extended, started, closed, adjusted, cancelled, opened, answer… */
    kind: varchar('kind', { length: 30 }).notNull(),
    /** The record the event concerns (a bid's id), when one does. */
    refId: bigint('ref_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hall, t.seq] })],
);

export const hallTables = { baseHallEvent };
