// Tickets of the websocket hub: a browser cannot put the AuthorizationCode header on a websocket,
// so it takes a ticket with an authenticated POST and presents it at the upgrade. A ticket is
// single-use (deleted as it is taken, on any node) and valid 30 seconds; only its hash is kept.
import { bigint, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const baseRealtimeTicket = pgTable(
  'base_realtime_ticket',
  {
    /** SHA-256 of the ticket, hex. */
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [index('base_realtime_ticket_expiry_idx').on(t.expiresAt)],
);

export const realtimeTables = { baseRealtimeTicket };
