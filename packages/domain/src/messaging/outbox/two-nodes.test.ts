// E-mail on two nodes sharing one PostgreSQL database (the embedded database is one process:
// there this suite says why it does not run). 300 e-mails written through both nodes, one in five
// refused for now by the SMTP server at its first attempt, are each accepted exactly once, and
// both nodes send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  type ScriptedSmtp,
  startScriptedSmtp,
  startTestServer,
  type TestServer,
} from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres)
  console.info('two-node e-mail suite: skipped on PGlite (one process owns the embedded database)');

let one: TestServer;
let two: TestServer;
let smtp: ScriptedSmtp;
/** Messages sent per node. */
const sentBy = new Map<TestServer, number>();
const seen = new Set<string>();
let refused = 0;

describe.runIf(onPostgres)('e-mail on two nodes', () => {
  beforeAll(async () => {
    process.env.SRM_MESSAGE_RETRY_SECONDS = '0.2,0.2,0.2';
    // Every fifth new message is refused for now, once.
    smtp = await startScriptedSmtp((id) => {
      if (seen.has(id) || seen.add(id).size % 5 !== 0) return undefined;
      refused++;
      return 451;
    });
    one = await startTestServer({ areas: serverAreas, smtpUrl: smtp.url });
    two = await startTestServer({
      areas: serverAreas,
      smtpUrl: smtp.url,
      joinDatabaseUrl: one.database.url!,
    });
    // Which node's messenger got each message through.
    for (const node of [one, two]) {
      const messenger = node.runtime.plugins.messenger!;
      const deliver = messenger.deliver.bind(messenger);
      messenger.deliver = async (message) => {
        const delivery = await deliver(message);
        if (delivery.status === 'SENT') sentBy.set(node, (sentBy.get(node) ?? 0) + 1);
        return delivery;
      };
    }
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await smtp?.close();
    delete process.env.SRM_MESSAGE_RETRY_SECONDS;
  });

  it('e-mails written through both nodes are accepted once each, with retries, sent by both nodes', async () => {
    for (const [index, node] of [one, two, one, two, one, two].entries())
      await node.runtime.transaction(() =>
        node.runtime.plugins.messageOutbox!.enqueue(
          Array.from({ length: 50 }, (_, n) => ({
            channel: 'EMAIL' as const,
            source: 'T_TWO_NODES',
            eventId: `batch-${index}`,
            userId: null,
            address: `contact${n}@supplier${index}.example.cn`,
            locale: 'en' as const,
            subject: `Notice ${index}-${n}`,
            body: 'hello',
          })),
        ),
      );
    const deadline = Date.now() + 90_000;
    let rows: { id: string; state: string; attempts: number; provider: string }[];
    for (;;) {
      rows = await queryRows(
        one.runtime.executor(),
        sql`select instance_id::text as id, state_code as state, attempts::int as attempts, provider_id as provider
              from base_message_instance where source_code = 'T_TWO_NODES'`,
      );
      if (rows.length === 300 && rows.every((row) => row.state === 'SENT')) break;
      if (Date.now() > deadline)
        throw new Error(
          `not all sent: ${JSON.stringify(rows.filter((row) => row.state !== 'SENT').slice(0, 5))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const row of rows) expect(smtp.accepted.get(row.provider), row.id).toBe(1);
    expect(smtp.accepted.size).toBe(300);
    // Some were refused for now and sent on a later attempt.
    expect(refused).toBeGreaterThan(0);
    expect(rows.some((row) => row.attempts > 1)).toBe(true);
    // Both nodes sent.
    expect(sentBy.get(one)).toBeGreaterThan(0);
    expect(sentBy.get(two)).toBeGreaterThan(0);
    expect((sentBy.get(one) ?? 0) + (sentBy.get(two) ?? 0)).toBe(300);
  }, 120_000);
});
