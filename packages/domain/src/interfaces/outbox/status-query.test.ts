// The status query before a resend, over real HTTP on a real database, against a fake ERP that
// does NOT deduplicate by the idempotency key: the ERP commits an order and hangs up before
// answering; with a status query named, the retry asks first, finds the order and writes back its
// ERP number (one document), while without one the same script makes two. An answer "not there"
// lets the call go out again; a query that fails sends nothing blind, and a later attempt asks
// again; a row a dead node left SENDING is asked about too; a query that is not effective is
// refused at save, at doEffect and at use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { waitFor } from '@srm/platform/testing';
import { scsiOutbox } from './outbox.entity';
import { useProcurement } from '../../procurement.testing';
import { type FakeErp, startFakeErp } from '../testing/fake-erp';

type Row = Record<string, unknown>;
const procurement = useProcurement();
const { call, ok, releasedOrder, server } = procurement;
let erp: FakeErp;

beforeAll(async () => {
  erp = await startFakeErp(0, { deduplicate: false });
});
afterAll(async () => {
  await erp.close();
});

/** An effective status query at the fake ERP's `path`: "is the order with this key there?". */
async function statusQuery(code: string, path: string, extra: Row = {}): Promise<Row> {
  erp.statusEndpoint(path);
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
    definitionCode: code,
    definitionName: `查询ERP订单是否已存在 ${code}`,
    targetSystem: 'ERP',
    // Called by the definitions naming it, never by an action of its own.
    triggerType: 'BUTTON',
    businessEntity: 'srmPoHeader',
    requestPath: path,
    idempotencyKeyTemplate: `${code}-{poNumber}`,
    successPath: 'data.exists',
    successValue: 'true',
    configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    reqMaps: [
      { lineNum: 1, targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
      { lineNum: 2, targetPath: 'bizId', sourceType: 'KEY' },
    ],
    resMaps: [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'erpPoNumber' }],
    ...extra,
  });
  const [effective] = await ok<Row[]>('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  return effective!;
}

/** A draft sending approved POs to `path` (its status query, if any, in `extra`). */
function poBody(code: string, path: string, extra: Row = {}): Row {
  return {
    definitionCode: code,
    definitionName: `发送订单到ERP ${code}`,
    targetSystem: 'ERP',
    businessEntity: 'srmPoHeader',
    triggerAction: 'doApproval',
    requestPath: path,
    idempotencyKeyTemplate: `${code}-{poNumber}`,
    orderingKeyTemplate: '{poNumber}',
    successPath: 'code',
    successValue: '0',
    retryLimit: 3,
    retryDelayMs: 200,
    retryMaxDelayMs: 1_000,
    configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    reqMaps: [
      { lineNum: 1, targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
      { lineNum: 2, targetPath: 'bizId', sourceType: 'KEY' },
    ],
    resMaps: [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'erpPoNumber' }],
    ...extra,
  };
}

async function poDefinition(code: string, path: string, extra: Row = {}): Promise<Row> {
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', poBody(code, path, extra));
  const [effective] = await ok<Row[]>('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  return effective!;
}

async function outboxOf(code: string): Promise<Row[]> {
  return ok<Row[]>('baseScsiOutbox', 'listByPage', {
    pageIndex: 1,
    pageRows: 100,
    definitionCode: code,
    orderBy: [{ field: 'outboxId', order: 'asc' }],
  });
}

/** The call of `code` for the order, once it is SENT or FAILED. */
async function settled(code: string, businessId: unknown): Promise<Row> {
  const rows = await waitFor(
    () => outboxOf(code),
    (found) =>
      found.some(
        (row) => row.businessId === businessId && (row.stateCode === 'SENT' || row.stateCode === 'FAILED'),
      ),
  );
  return rows.find((row) => row.businessId === businessId)!;
}

/** Each attempt's log rows: attempt, definition, HTTP status, error class. */
async function logsOf(outboxId: unknown): Promise<Row[]> {
  return ok<Row[]>('baseScsiPlatformLog', 'listByPage', {
    pageIndex: 1,
    pageRows: 100,
    outboxId,
    orderBy: [{ field: 'platformLogId', order: 'asc' }],
  });
}

const brief = (logs: Row[]) =>
  logs.map((log) => [log.attempt, log.definitionCode, log.responseStatus, log.errorClass]);
const callsTo = (path: string) => erp.calls.filter((received) => received.path === path);

describe('the status query before a resend, at a target that cannot deduplicate', () => {
  it('the ERP commits, then hangs up: the retry asks first, finds the order and writes back its number; one document', async () => {
    const query = await statusQuery('PO_SQ_QA', '/exists-a');
    await poDefinition('PO_SQ_A', '/po-a', { statusQueryDefinitionId: query.definitionId });
    erp.script('/po-a', ['commit-then-close']);
    const order = await releasedOrder();
    const row = await settled('PO_SQ_A', order.poHeaderId);
    const key = String(row.idempotencyKey);
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2, lastError: null });
    expect(erp.effects(key)).toBe(1);
    expect(callsTo('/po-a').filter((received) => received.key === key)).toHaveLength(1);
    // The query carried the call's key, in the header and where its map put it.
    const [asked] = callsTo('/exists-a').filter((received) => received.key === key);
    expect(JSON.parse(asked!.body)).toEqual({ orderNo: order.poNumber, bizId: key });
    // The ERP's number, from the query's answer, on the order and on the call.
    const [erpNo] = erp.numbers(key);
    const after = await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId });
    expect(after.erpPoNumber).toBe(erpNo);
    expect(row.writtenBack).toEqual({ erpPoNumber: erpNo });
    const logs = await logsOf(row.outboxId);
    expect(brief(logs)).toEqual([
      [1, 'PO_SQ_A', null, 'network'],
      [2, 'PO_SQ_QA', 200, null],
    ]);
    expect(logs[1]!.errorMessage).toBe('重发前状态查询 PO_SQ_QA：目标系统已有该单据，不再重发');
    expect(String(logs[1]!.requestUrl)).toBe(`${erp.url}/exists-a`);
  });

  it('without a status query the same script makes two documents (what the query prevents)', async () => {
    await poDefinition('PO_SQ_B', '/po-b');
    erp.script('/po-b', ['commit-then-close']);
    const order = await releasedOrder();
    const row = await settled('PO_SQ_B', order.poHeaderId);
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    expect(erp.effects(String(row.idempotencyKey))).toBe(2);
  });

  it('the query answers "not there": the call goes out again, one document', async () => {
    const query = await statusQuery('PO_SQ_QC', '/exists-c');
    await poDefinition('PO_SQ_C', '/po-c', { statusQueryDefinitionId: query.definitionId });
    erp.script('/po-c', [{ status: 503 }]);
    const order = await releasedOrder();
    const row = await settled('PO_SQ_C', order.poHeaderId);
    const key = String(row.idempotencyKey);
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    expect(erp.effects(key)).toBe(1);
    expect(callsTo('/po-c').filter((received) => received.key === key)).toHaveLength(2);
    const after = await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId });
    expect(after.erpPoNumber).toBe(erp.numbers(key)[0]);
    const logs = await logsOf(row.outboxId);
    expect(brief(logs)).toEqual([
      [1, 'PO_SQ_C', 503, 'http5xx'],
      [2, 'PO_SQ_QC', 200, null],
      [2, 'PO_SQ_C', 200, null],
    ]);
    expect(logs[1]!.errorMessage).toBe('重发前状态查询 PO_SQ_QC：目标系统没有该单据，重新发送');
  });

  it('a query that fails (500) sends nothing blind; a later attempt asks again and finds the order', async () => {
    const query = await statusQuery('PO_SQ_QD', '/exists-d');
    await poDefinition('PO_SQ_D', '/po-d', { statusQueryDefinitionId: query.definitionId });
    erp.script('/po-d', ['commit-then-close']);
    erp.script('/exists-d', [{ status: 500 }]);
    const order = await releasedOrder();
    const row = await settled('PO_SQ_D', order.poHeaderId);
    const key = String(row.idempotencyKey);
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 3 });
    expect(erp.effects(key)).toBe(1);
    expect(callsTo('/po-d').filter((received) => received.key === key)).toHaveLength(1);
    const logs = await logsOf(row.outboxId);
    expect(brief(logs)).toEqual([
      [1, 'PO_SQ_D', null, 'network'],
      [2, 'PO_SQ_QD', 500, 'http5xx'],
      [3, 'PO_SQ_QD', 200, null],
    ]);
    expect(logs[1]!.errorMessage).toBe('重发前状态查询 PO_SQ_QD 失败（HTTP 500），本次不重发');
    const after = await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId });
    expect(after.erpPoNumber).toBe(erp.numbers(key)[0]);
  });

  it('a row a dead node left SENDING is asked about before it is sent again', async () => {
    const query = await statusQuery('PO_SQ_QG', '/exists-g');
    const definition = await poDefinition('PO_SQ_G', '/po-g', {
      statusQueryDefinitionId: query.definitionId,
    });
    const order = await releasedOrder();
    await settled('PO_SQ_G', order.poHeaderId);
    // The dead node's call arrived: the ERP has the document, the platform never heard back.
    const arrived = await fetch(`${erp.url}/po-g`, {
      method: 'POST',
      headers: { 'Idempotency-Key': 'DEAD-NODE-SQ', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(arrived.status).toBe(200);
    const runtime = server().runtime;
    await runtime.transaction(async (tx) => {
      const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, 'test');
      await data.insert(scsiOutbox, [
        {
          definitionId: Number(definition.definitionId),
          definitionCode: 'PO_SQ_G',
          definitionVersion: 1,
          businessEntity: 'srmPoHeader',
          businessId: Number(order.poHeaderId),
          idempotencyKey: 'DEAD-NODE-SQ',
          stateCode: 'SENDING',
          attempts: 1,
          nodeName: 'dead-node',
          leaseUntil: data.now.getTime() - 1_000,
        },
      ]);
    });
    const rows = await waitFor(
      () => outboxOf('PO_SQ_G'),
      (found) => found.find((row) => row.idempotencyKey === 'DEAD-NODE-SQ')?.stateCode === 'SENT',
    );
    expect(rows.find((row) => row.idempotencyKey === 'DEAD-NODE-SQ')).toMatchObject({ attempts: 2 });
    expect(erp.effects('DEAD-NODE-SQ')).toBe(1);
    expect(callsTo('/po-g').filter((received) => received.key === 'DEAD-NODE-SQ')).toHaveLength(1);
  });

  it('a status query must be another effective definition of the same target and object: refused at save, in both languages', async () => {
    const draft = await ok('baseScsiDefinition', 'saveOrUpdate', {
      definitionCode: 'PO_SQ_QX',
      definitionName: '草稿查询',
      triggerType: 'BUTTON',
      businessEntity: 'srmPoHeader',
      idempotencyKeyTemplate: 'X-{poNumber}',
      successPath: 'data.exists',
      configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    });
    const body = poBody('PO_SQ_X', '/po-x', { statusQueryDefinitionId: draft.definitionId });
    const zh = await call('baseScsiDefinition', 'saveOrUpdate', body);
    expect(zh.httpStatus).toBe(400);
    expect(zh.body.status).toBe('E');
    expect(zh.body.msg).toContain('重发前状态查询 PO_SQ_QX 没有已生效的版本，请先使其生效');
    const en = await call('baseScsiDefinition', 'saveOrUpdate', body, undefined, 'EN');
    expect(en.body.msg).toContain('The status query before resend PO_SQ_QX has no effective version');
    // Another business object, or no success rule to say "there": refused as well.
    const other = await statusQuery('PO_SQ_QY', '/exists-y', {
      businessEntity: 'srmSupplierInfo',
      idempotencyKeyTemplate: 'Y-{supplierCode}',
      reqMaps: [],
      resMaps: [],
    });
    const otherAnswer = await call(
      'baseScsiDefinition',
      'saveOrUpdate',
      poBody('PO_SQ_Y', '/po-y', { statusQueryDefinitionId: other.definitionId }),
    );
    expect(otherAnswer.body.msg).toContain('目标系统和业务对象必须与本接口相同');
    const noRule = await statusQuery('PO_SQ_QZ', '/exists-z', { successPath: null, successValue: null });
    const noRuleAnswer = await call(
      'baseScsiDefinition',
      'saveOrUpdate',
      poBody('PO_SQ_Z', '/po-z', { statusQueryDefinitionId: noRule.definitionId }),
    );
    expect(noRuleAnswer.body.msg).toContain('没有成功判定路径');
    // Not itself, nor another version of itself.
    const self = await poDefinition('PO_SQ_S', '/po-s');
    const selfAnswer = await call('baseScsiDefinition', 'doNewVersion', { definitionId: self.definitionId });
    const copy = selfAnswer.body.data as Row;
    const selfNamed = await call('baseScsiDefinition', 'saveOrUpdate', {
      ...poBody('PO_SQ_S', '/po-s', { statusQueryDefinitionId: self.definitionId }),
      definitionId: copy.definitionId,
      versionNum: copy.versionNum,
    });
    expect(selfNamed.body.msg).toContain('不能是本接口或它的其他版本');
    // Not a number at all: a clear E, never a 500.
    const bad = await call('baseScsiDefinition', 'saveOrUpdate', {
      ...body,
      statusQueryDefinitionId: 'x',
    });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.status).toBe('E');
  });

  it('a status query made invalid after the save: doEffect refuses, and a resend fails into compensation without going out', async () => {
    const query = await statusQuery('PO_SQ_QE', '/exists-e');
    const draft = await ok('baseScsiDefinition', 'saveOrUpdate', {
      ...poBody('PO_SQ_E', '/po-e', { statusQueryDefinitionId: query.definitionId }),
    });
    const late = await poDefinition('PO_SQ_F', '/po-f', { statusQueryDefinitionId: query.definitionId });
    await ok('baseScsiDefinition', 'doInvalid', { definitionId: query.definitionId });
    const refused = await call('baseScsiDefinition', 'doEffect', { definitionId: draft.definitionId });
    expect(refused.body.status).toBe('E');
    expect(refused.body.msg).toContain('重发前状态查询 PO_SQ_QE 没有已生效的版本');
    // The effective one that names it: its first attempt goes out, its resend does not.
    expect(late.status).toBe('EFFECTIVE');
    erp.script('/po-f', ['commit-then-close']);
    const order = await releasedOrder();
    const row = await settled('PO_SQ_F', order.poHeaderId);
    const key = String(row.idempotencyKey);
    expect(row).toMatchObject({
      stateCode: 'FAILED',
      attempts: 2,
      lastError: '重发前状态查询 PO_SQ_QE 没有已生效的版本，请先使其生效',
    });
    expect(callsTo('/po-f').filter((received) => received.key === key)).toHaveLength(1);
    expect(callsTo('/exists-e')).toHaveLength(0);
    expect(erp.effects(key)).toBe(1);
    const [compensation] = await ok<Row[]>('baseTransactionCompen', 'listByPage', {
      pageIndex: 1,
      pageRows: 10,
      stepName: 'PO_SQ_F',
    });
    expect(compensation).toMatchObject({ status: 'OPEN', sourceId: row.outboxId });
  });
});
