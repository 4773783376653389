// The platform log in monthly partitions, on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): the migrated table is partitioned by sent_at with this month, the next two and a
// DEFAULT partition; the dispatcher's rows land in their month and still list and open through
// the engine; a row of a month without a partition (the clock far ahead) lands in DEFAULT;
// PURGE_SCSI_LOG makes the months ahead (idempotently, moving a new month's rows out of DEFAULT),
// drops a month older than the kept days as a whole while a recent row stays, and deletes
// DEFAULT's old rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  api,
  runExecutable,
  seedsNamed,
  startTestServer,
  type TestServer,
  waitFor,
} from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { baseDataSeeds } from '../../base-data/server';
import { type FakeErp, startFakeErp } from '../testing/fake-erp';
import { scsiPlatformLog } from './platform-log.entity';
import { logPartitions, monthStart, partitionName } from '@srm/platform';
import { PLATFORM_LOG } from './purge';
import { purgePlatformLog } from './purge';

type Row = Record<string, unknown>;
let server: TestServer;
let erp: FakeErp;
let definitionId = 0;
let currencyId = 0;

beforeAll(async () => {
  erp = await startFakeErp();
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies'),
  });
  currencyId = (await server.first<{ currencyId: number }>('srmBaseCurrency', { currencyCode: 'CNY' }))
    .currencyId;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await erp?.close();
});

async function ok<T = Row>(entity: string, action: string, body: unknown): Promise<T> {
  const answer = await server.post<T>(api(entity, action), body);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

/** An effective button definition sending a currency to the fake ERP (its code makes the key). */
async function definition(code: string): Promise<number> {
  const saved = await ok<{ definitionId: number }>('baseScsiDefinition', 'saveOrUpdate', {
    definitionCode: code,
    definitionName: `发送币种 ${code}`,
    targetSystem: 'ERP',
    triggerType: 'BUTTON',
    businessEntity: 'srmBaseCurrency',
    requestPath: `/${code.toLowerCase()}`,
    idempotencyKeyTemplate: `${code}-{currencyCode}`,
    successPath: 'code',
    successValue: '0',
    configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    reqMaps: [{ lineNum: 1, targetPath: 'code', sourceType: 'FIELD', sourcePath: 'currencyCode' }],
  });
  await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  return saved.definitionId;
}

/** Sends the currency through the definition and answers its log rows once it is SENT. */
/** A platform log row as listed, with the fields these tests read typed. */
interface LogRow extends Row {
  readonly platformLogId: number;
  readonly sentAt: number;
}

async function sentLogs(code: string): Promise<LogRow[]> {
  definitionId = await definition(code);
  await ok('baseScsiDefinition', 'doSend', { definitionId, businessId: currencyId });
  return waitFor(
    () =>
      ok<LogRow[]>('baseScsiPlatformLog', 'listByPage', {
        pageIndex: 1,
        pageRows: 20,
        definitionCode: code,
      }),
    (rows) => rows.length === 1 && rows[0]!.responseStatus === 200,
  );
}

/** The partition holding a log row, or null when the row is gone. */
async function partitionOf(platformLogId: unknown): Promise<string | null> {
  const [row] = await queryRows<{ part: string }>(
    server.database.db,
    sql`select tableoid::regclass::text as part from base_scsi_platform_log
         where platform_log_id = ${Number(platformLogId)}`,
  );
  return row?.part ?? null;
}

/** A log row sent at `sentAt`, written as the dispatcher writes it (for dates it cannot reach). */
async function logRowAt(sentAt: string): Promise<number> {
  const at = new Date(sentAt);
  const [row] = await server.runtime
    .executor()
    .insert(server.runtime.table(scsiPlatformLog.name))
    .values({
      outboxId: 1,
      definitionId,
      definitionCode: 'PL_TEST',
      definitionVersion: 1,
      businessEntity: 'srmBaseCurrency',
      businessId: currencyId,
      idempotencyKey: `PL_TEST-${sentAt}`,
      attempt: 1,
      requestUrl: '-',
      httpMethod: 'POST',
      durationMs: 0,
      sentAt: at,
      versionNum: 1,
      creationDate: at,
      lastUpdateDate: at,
    })
    .returning({ id: server.runtime.table(scsiPlatformLog.name).platformLogId });
  return Number(row!.id);
}

const purge = (keepDays?: number) =>
  runExecutable(server, purgePlatformLog, keepDays ? { params: { keepDays } } : {});

describe('the platform log in monthly partitions', () => {
  it('is a table partitioned by range of sent_at: this month, the next two and DEFAULT', async () => {
    const [partitioned] = await queryRows<{ strategy: string; key: string }>(
      server.database.db,
      sql`select p.partstrat as strategy, a.attname as key
            from pg_partitioned_table p
            join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
           where p.partrelid = 'base_scsi_platform_log'::regclass`,
    );
    expect(partitioned).toEqual({ strategy: 'r', key: 'sent_at' });
    const [children] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from pg_inherits where inhparent = 'base_scsi_platform_log'::regclass`,
    );
    const partitions = await logPartitions(PLATFORM_LOG, server.database.db);
    expect(partitions.length).toBe(children!.n);
    const now = server.clock.now();
    expect(partitions.filter((partition) => !partition.isDefault)).toEqual(
      [0, 1, 2].map((offset) => ({
        name: partitionName(PLATFORM_LOG, monthStart(now, offset)),
        isDefault: false,
        from: monthStart(now, offset),
        to: monthStart(now, offset + 1),
      })),
    );
    expect(partitions.filter((partition) => partition.isDefault)).toHaveLength(1);
  });

  it("the dispatcher's rows land in their month and list and open through the engine", async () => {
    const [log] = await sentLogs('PL_NOW');
    expect(log).toMatchObject({ attempt: 1, responseStatus: 200, errorClass: null });
    expect(await partitionOf(log!.platformLogId)).toBe(
      partitionName(PLATFORM_LOG, monthStart(server.clock.now())),
    );
    const found = await ok('baseScsiPlatformLog', 'findById', { platformLogId: log!.platformLogId });
    expect(found).toMatchObject({ platformLogId: log!.platformLogId, definitionCode: 'PL_NOW' });
  });

  it('a row of a month without a partition (the clock far ahead) lands in DEFAULT', async () => {
    server.clock.set(Date.parse('2040-03-01T08:00:00Z'));
    const [log] = await sentLogs('PL_FAR');
    expect(new Date(log!.sentAt).toISOString()).toMatch(/^2040-03-01T08/);
    expect(await partitionOf(log!.platformLogId)).toBe('base_scsi_platform_log_default');
    const found = await ok('baseScsiPlatformLog', 'findById', { platformLogId: log!.platformLogId });
    expect(found.definitionCode).toBe('PL_FAR');
  });

  it('PURGE_SCSI_LOG makes the months ahead, drops whole months older than the kept days and old DEFAULT rows', async () => {
    const far = (
      await ok<LogRow[]>('baseScsiPlatformLog', 'listByPage', { pageRows: 1, definitionCode: 'PL_FAR' })
    )[0]!.platformLogId;

    server.clock.set(Date.parse('2031-02-15T12:00:00Z'));
    expect(await purge()).toMatch(/partitions dropped/);
    const names = async () =>
      (await logPartitions(PLATFORM_LOG, server.database.db)).map((partition) => partition.name).sort();
    expect(await names()).toEqual([
      'base_scsi_platform_log_2031_02',
      'base_scsi_platform_log_2031_03',
      'base_scsi_platform_log_2031_04',
      'base_scsi_platform_log_default',
    ]);
    // Idempotent: a second run the same day changes nothing.
    await purge();
    expect(await names()).toHaveLength(4);

    const fourMonthsOld = await logRowAt('2031-02-10T09:00:00Z');
    const march = await logRowAt('2031-03-20T09:00:00Z');
    const june = await logRowAt('2031-06-10T09:00:00Z');
    const ancient = await logRowAt('2030-01-10T09:00:00Z');
    expect(await partitionOf(fourMonthsOld)).toBe('base_scsi_platform_log_2031_02');
    expect(await partitionOf(june)).toBe('base_scsi_platform_log_default');
    expect(await partitionOf(ancient)).toBe('base_scsi_platform_log_default');

    // Four months later, 90 days kept: February ended before the cut (17 March) and goes as a
    // whole; March ends after it and stays; June is made, its row moved out of DEFAULT.
    server.clock.set(Date.parse('2031-06-15T12:00:00Z'));
    const lines: string[] = [];
    const result = await runExecutable(server, purgePlatformLog, {
      params: { keepDays: 90 },
      log: (line) => lines.push(line),
    });
    expect(result).toBe('1 partitions dropped, 1 rows removed');
    expect(lines).toContain(
      'created partitions base_scsi_platform_log_2031_06, base_scsi_platform_log_2031_07, base_scsi_platform_log_2031_08',
    );
    expect(await names()).toEqual([
      'base_scsi_platform_log_2031_03',
      'base_scsi_platform_log_2031_04',
      'base_scsi_platform_log_2031_06',
      'base_scsi_platform_log_2031_07',
      'base_scsi_platform_log_2031_08',
      'base_scsi_platform_log_default',
    ]);
    expect(await partitionOf(fourMonthsOld)).toBeNull();
    expect(await partitionOf(ancient)).toBeNull();
    expect(await partitionOf(march)).toBe('base_scsi_platform_log_2031_03');
    expect(await partitionOf(june)).toBe('base_scsi_platform_log_2031_06');
    expect(await partitionOf(far)).toBe('base_scsi_platform_log_default');

    // The engine still lists and opens the rows left, whichever partition holds them.
    const listed = await ok<Row[]>('baseScsiPlatformLog', 'listByPage', { pageIndex: 1, pageRows: 20 });
    expect(listed.map((row) => row.platformLogId)).toEqual([june, march, far].sort((a, b) => b - a));
    const moved = await ok('baseScsiPlatformLog', 'findById', { platformLogId: june });
    expect(moved.sentAt).toBe(Date.parse('2031-06-10T09:00:00Z'));
    // New rows still take fresh keys from the sequence.
    expect(await logRowAt('2031-06-15T10:00:00Z')).toBeGreaterThan(june);
  });
});
