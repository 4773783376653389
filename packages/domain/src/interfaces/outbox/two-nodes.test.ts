// Outbound calls on two nodes sharing one PostgreSQL database (the embedded database is one
// process: there this suite says why it does not run). Calls written through both nodes, with
// random failures, are each created once at the ERP, the updates of one key arrive in order, and
// both nodes send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { type FakeErp, startFakeErp } from '../testing/fake-erp';

type Row = Record<string, unknown>;
const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres)
  console.info('two-node outbound suite: skipped on PGlite (one process owns the embedded database)');

const actor: Partial<Actor> = { userName: 'admin' };
let one: TestServer;
let two: TestServer;
let erp: FakeErp;

async function ok<T = Row>(node: TestServer, entity: string, action: string, body: unknown): Promise<T> {
  const answer = await node.post<T>(api(entity, action), body, { actor });
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

describe.runIf(onPostgres)('outbound calls on two nodes', () => {
  beforeAll(async () => {
    erp = await startFakeErp();
    one = await startTestServer({ areas: serverAreas });
    two = await startTestServer({ areas: serverAreas, joinDatabaseUrl: one.database.url! });
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await erp?.close();
  });

  it('calls written through both nodes are created once each, in order per key, sent by both nodes', async () => {
    const saved = await ok(one, 'baseScsiDefinition', 'saveOrUpdate', {
      definitionCode: 'TWO_NODE_SYNC',
      definitionName: '两节点同步',
      businessEntity: 'baseConcurrentProgram',
      triggerAction: 'save',
      requestPath: '/sync',
      idempotencyKeyTemplate: '{programCode}-{versionNum}',
      orderingKeyTemplate: '{programCode}',
      retryLimit: 10,
      retryDelayMs: 50,
      retryMaxDelayMs: 200,
      configs: [{ envCode: 'PROD', baseUrl: erp.url }],
      reqMaps: [{ lineNum: 1, targetPath: 'code', sourceType: 'FIELD', sourcePath: 'programCode' }],
    });
    await ok(one, 'baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
    // The other node reads effective definitions at most a second late.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    erp.script(
      '/sync',
      Array.from({ length: 300 }, () => (Math.random() < 0.2 ? { status: 503 } : 'ok')),
    );
    const programs = 20;
    const rounds = 5;
    await Promise.all(
      Array.from({ length: programs }, async (_, index) => {
        const code = `TWO_${index}`;
        let row = await ok(index % 2 ? one : two, 'baseConcurrentProgram', 'saveOrUpdate', {
          programCode: code,
          programName: code,
          executableName: 'PURGE_REQUESTS',
        });
        for (let round = 1; round < rounds; round++) {
          // Each update through the other node than the one before.
          row = await ok((index + round) % 2 ? one : two, 'baseConcurrentProgram', 'saveOrUpdate', {
            programId: row.programId,
            versionNum: row.versionNum,
            programCode: code,
            programName: code,
            executableName: 'PURGE_REQUESTS',
            description: `round ${round}`,
          });
        }
      }),
    );
    const deadline = Date.now() + 90_000;
    let rows: Row[];
    for (;;) {
      rows = await ok<Row[]>(one, 'baseScsiOutbox', 'listByPage', {
        pageIndex: 1,
        pageRows: 500,
        definitionCode: 'TWO_NODE_SYNC',
      });
      if (rows.length === programs * rounds && rows.every((row) => row.stateCode === 'SENT')) break;
      if (Date.now() > deadline)
        throw new Error(`not all SENT: ${rows.map((row) => row.stateCode).join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const row of rows) expect(erp.effects(String(row.idempotencyKey))).toBe(1);
    for (let index = 0; index < programs; index++) {
      const versions = erp
        .arrivals()
        .filter((key) => key.startsWith(`TWO_${index}-`))
        .map((key) => Number(key.slice(`TWO_${index}-`.length)));
      expect(versions).toHaveLength(rounds);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }
    expect(new Set(rows.map((row) => row.nodeName)).size).toBe(2);
  }, 150_000);
});
