// Outbound interface calls over real HTTP on a real database, against a fake ERP on 127.0.0.1
// that counts its effects per idempotency key: a PO approved while the ERP fails twice is sent
// three times, created once, and gets the ERP's number; a 400 lands in compensation and a retry
// sends it with the same key (two retries pressed together send once); a SENT call is never sent
// again; calls of one ordering key arrive in order; an action rolled back sends nothing; secrets
// are never shown; invalid definitions are never used and effective ones never edited in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { sleep, waitFor } from '@srm/platform/testing';
import { scsiOutbox } from './outbox.entity';
import { dispatcherOf } from './dispatcher';
import { useProcurement } from '../../procurement.testing';
import { type FakeErp, startFakeErp } from '../testing/fake-erp';

type Row = Record<string, unknown> & { lines?: Row[] };
const procurement = useProcurement();
const { call, ok, releasedOrder, server, suppliers } = procurement;
let erp: FakeErp;

beforeAll(async () => {
  erp = await startFakeErp();
});
afterAll(async () => {
  await erp.close();
});

/** An effective definition sending approved POs to the fake ERP's `path`. */
async function poDefinition(code: string, path: string, extra: Row = {}): Promise<Row> {
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
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
      { lineNum: 3, targetPath: 'items[].qty', sourceType: 'FIELD', sourcePath: 'lines[].quantity' },
      {
        lineNum: 4,
        targetPath: 'items[].price',
        sourceType: 'FIELD',
        sourcePath: 'lines[].unitPriceExclTax',
        transform: 'DECIMAL_SCALE',
        transformArg: '2',
      },
    ],
    resMaps: [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'erpPoNumber' }],
    ...extra,
  });
  const [effective] = await ok<Row[]>('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  return effective!;
}

async function outboxOf(code: string, businessId?: unknown): Promise<Row[]> {
  const answer = await ok<Row[]>('baseScsiOutbox', 'listByPage', {
    pageIndex: 1,
    pageRows: 100,
    definitionCode: code,
    ...(businessId ? { businessId } : {}),
    orderBy: [{ field: 'outboxId', order: 'asc' }],
  });
  return answer;
}

async function sentOrFailed(code: string, count = 1): Promise<Row[]> {
  return waitFor(
    () => outboxOf(code),
    (rows) =>
      rows.length >= count && rows.every((row) => row.stateCode === 'SENT' || row.stateCode === 'FAILED'),
  );
}

async function logsOf(outboxId: unknown): Promise<Row[]> {
  return ok<Row[]>('baseScsiPlatformLog', 'listByPage', {
    pageIndex: 1,
    pageRows: 100,
    outboxId,
    orderBy: [{ field: 'platformLogId', order: 'asc' }],
  });
}

describe('outbound interface calls', () => {
  it('500, 500, 200: three sends, one effect, the ERP number written back, three log rows', async () => {
    await poDefinition('PO_ERP_A', '/po-a');
    erp.script('/po-a', [{ status: 500 }, { status: 503 }, 'ok']);
    const order = await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_A');
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 3, businessId: order.poHeaderId });
    const key = String(row!.idempotencyKey);
    expect(key).toBe(`PO_ERP_A-${String(order.poNumber)}`);
    expect(erp.attempts(key)).toBe(3);
    expect(erp.effects(key)).toBe(1);
    const call = erp.calls.filter((received) => received.key === key).at(-1)!;
    expect(JSON.parse(call.body)).toEqual({
      orderNo: order.poNumber,
      bizId: key,
      items: [
        { qty: 100, price: '0.30' },
        { qty: 30, price: '6.25' },
      ],
    });
    const after = await ok('srmPoHeader', 'findById', { poHeaderId: order.poHeaderId });
    expect(after.erpPoNumber).toMatch(/^ERP-\d+$/);
    const logs = await logsOf(row!.outboxId);
    expect(logs.map((log) => [log.attempt, log.responseStatus, log.errorClass])).toEqual([
      [1, 500, 'http5xx'],
      [2, 503, 'http5xx'],
      [3, 200, null],
    ]);
    // After SENT nothing sends it again: the button, a retry, another look by the dispatcher.
    const again = await ok('baseScsiDefinition', 'doSend', {
      definitionId: row!.definitionId,
      businessId: order.poHeaderId,
    });
    expect(again.outboxId).toBeNull();
    await sleep(2_500);
    expect(erp.attempts(key)).toBe(3);
    expect(erp.effects(key)).toBe(1);
  });

  it('the ERP commits, then closes the socket before answering: the retry carries the same key, one effect', async () => {
    await poDefinition('PO_ERP_B', '/po-b');
    erp.script('/po-b', ['commit-then-close', 'ok']);
    await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_B');
    const key = String(row!.idempotencyKey);
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    expect(erp.attempts(key)).toBe(2);
    expect(erp.effects(key)).toBe(1);
    expect((await logsOf(row!.outboxId)).map((log) => log.errorClass)).toEqual(['network', null]);
  });

  it('a 400 is not retried and lands in compensation once; two retries pressed together send once, with the same key', async () => {
    await poDefinition('PO_ERP_C', '/po-c');
    erp.script('/po-c', [{ status: 400, body: '{"code":"E","message":"物料未同步"}' }]);
    const order = await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_C');
    expect(row).toMatchObject({ stateCode: 'FAILED', attempts: 1, lastStatus: 400 });
    const key = String(row!.idempotencyKey);
    const compensations = await ok<Row[]>('baseTransactionCompen', 'listByPage', {
      pageIndex: 1,
      pageRows: 10,
      stepName: 'PO_ERP_C',
    });
    expect(compensations).toHaveLength(1);
    expect(compensations[0]).toMatchObject({
      status: 'OPEN',
      stepKind: 'INTF_CALL',
      businessEntity: 'srmPoHeader',
      businessId: order.poHeaderId,
      businessNumber: order.poNumber,
      idempotencyKey: key,
      lastError: 'HTTP 400',
    });
    // A supplier sees none of it.
    const bySupplier = await call(
      'baseTransactionCompen',
      'listByPage',
      { pageIndex: 1, pageRows: 10 },
      suppliers.a,
    );
    expect(bySupplier.httpStatus).toBe(403);
    const compenId = compensations[0]!.compenId;
    const both = await Promise.all([
      call('baseTransactionCompen', 'doRetry', { compenId }),
      call('baseTransactionCompen', 'doRetry', { compenId }),
    ]);
    expect(both.map((answer) => answer.body.status).sort()).toEqual(['E', 'S']);
    await waitFor(
      () => ok('baseTransactionCompen', 'findById', { compenId }),
      (found) => found.status === 'RESOLVED',
    );
    const resolved = await ok('baseTransactionCompen', 'findById', { compenId });
    expect(resolved.resolvedAt).toEqual(expect.any(Number));
    expect(erp.attempts(key)).toBe(2);
    expect(erp.effects(key)).toBe(1);
    const [sent] = await outboxOf('PO_ERP_C');
    expect(sent).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    // Resolved: no retry any more.
    expect((await call('baseTransactionCompen', 'doRetry', { compenId })).httpStatus).toBe(409);
  });

  it('updates of one key arrive in order, with random failures; two keys interleave freely', async () => {
    const programs = await Promise.all(
      ['ORD_P1', 'ORD_P2'].map((code) =>
        ok('baseConcurrentProgram', 'saveOrUpdate', {
          programCode: code,
          programName: code,
          executableName: 'PURGE_REQUESTS',
        }),
      ),
    );
    const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
      definitionCode: 'PROGRAM_SYNC',
      definitionName: '程序同步',
      businessEntity: 'baseConcurrentProgram',
      triggerAction: 'save',
      requestPath: '/sync',
      idempotencyKeyTemplate: '{programCode}-{versionNum}',
      orderingKeyTemplate: '{programCode}',
      retryLimit: 10,
      retryDelayMs: 50,
      retryMaxDelayMs: 200,
      configs: [{ envCode: 'PROD', baseUrl: erp.url }],
      reqMaps: [
        { lineNum: 1, targetPath: 'code', sourceType: 'FIELD', sourcePath: 'programCode' },
        { lineNum: 2, targetPath: 'version', sourceType: 'FIELD', sourcePath: 'versionNum' },
      ],
    });
    await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
    // One failure in three, at random.
    erp.script(
      '/sync',
      Array.from({ length: 60 }, () => (Math.random() < 0.33 ? { status: 503 } : 'ok')),
    );
    const versions: Record<string, number> = {};
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        programs.map(async (program) => {
          const current = await ok('baseConcurrentProgram', 'findById', { programId: program.programId });
          const updated = await ok('baseConcurrentProgram', 'saveOrUpdate', {
            programId: current.programId,
            versionNum: current.versionNum,
            programCode: current.programCode,
            programName: current.programName,
            executableName: current.executableName,
            description: `round ${round}`,
          });
          versions[String(program.programCode)] = Number(updated.versionNum);
        }),
      );
    }
    await waitFor(
      () => outboxOf('PROGRAM_SYNC'),
      (rows) => rows.length === 40 && rows.every((row) => row.stateCode === 'SENT'),
      60_000,
    );
    for (const code of ['ORD_P1', 'ORD_P2']) {
      const arrived = erp
        .arrivals()
        .filter((key) => key.startsWith(`${code}-`))
        .map((key) => Number(key.slice(code.length + 1)));
      expect(arrived).toHaveLength(20);
      expect(arrived).toEqual([...arrived].sort((a, b) => a - b));
    }
  }, 90_000);

  it('an approval in a transaction that rolls back writes no outbox row and sends nothing', async () => {
    await poDefinition('PO_ERP_D', '/po-d', { triggerAction: 'doRelease' });
    const runtime = server().runtime;
    const saved = await ok('srmPoHeader', 'findById', { poHeaderId: (await releasedOrder()).poHeaderId });
    // The order above was released through the API: one call.
    await sentOrFailed('PO_ERP_D');
    const sentToD = () => erp.calls.filter((received) => received.path === '/po-d').length;
    const before = sentToD();
    const draft = await ok('srmPoHeader', 'saveOrUpdate', {
      billTypeId: saved.billTypeId,
      orgId: saved.orgId,
      supplierId: saved.supplierId,
      currencyId: saved.currencyId,
      orderDate: '2026-11-21',
      lines: [
        {
          lineNum: 1,
          itemId: saved.lines![0]!.itemId,
          quantity: 5,
          unitPriceExclTax: 1,
          needByDate: '2026-12-10',
        },
      ],
    });
    await ok('srmPoHeader', 'doSubmit', { poHeaderId: draft.poHeaderId });
    await procurement.approve(draft.poHeaderId);
    await expect(
      runtime.transaction(async () => {
        await runtime
          .service('srmPoHeader')
          .act(SYSTEM_ACTOR, 'doRelease', [Number(draft.poHeaderId)], {}, { fromHttp: false });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await outboxOf('PO_ERP_D', draft.poHeaderId)).toEqual([]);
    await sleep(2_500);
    expect(sentToD()).toBe(before);
  });

  it('a secret parameter and the Authorization header never show: not in findById, the platform log or the table', async () => {
    const token = 'tok-9f8e7d6c5b4a';
    const definition = await poDefinition('PO_ERP_E', '/po-e', {
      authType: 'BEARER',
      redactFields: 'orderNo',
      reqMaps: [
        { lineNum: 1, targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
        { lineNum: 2, targetPath: 'auth', sourceType: 'PARAMETER', sourcePath: 'token' },
      ],
      parameters: [{ lineNum: 1, paramName: 'token', secretFlag: 'Y', secretValue: token }],
    });
    // The secret in the body as well (a target that wants it there): sent, never kept in clear.
    const found0 = await ok<Row & { reqMaps: Row[] }>('baseScsiDefinition', 'findById', {
      definitionId: definition.definitionId,
    });
    expect(found0.reqMaps.length).toBeGreaterThan(0);
    await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_E');
    expect(row!.stateCode).toBe('SENT');
    const received = erp.calls.find((c) => c.key === row!.idempotencyKey)!;
    expect(received.headers.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(received.body).auth).toBe(token);
    const found = await ok<Row & { parameters: Row[] }>('baseScsiDefinition', 'findById', {
      definitionId: definition.definitionId,
    });
    expect(found.parameters[0]).toMatchObject({
      paramName: 'token',
      secretValue: '******',
      paramValue: null,
    });
    const logs = await logsOf(row!.outboxId);
    expect(JSON.stringify(logs)).not.toContain(token);
    // A configured field is masked in the logged body.
    expect(String(logs[0]!.requestBody)).toContain('"orderNo":"******"');
    const db = server().runtime.executor();
    for (const table of [
      'base_scsi_parameter',
      'base_scsi_platform_log',
      'base_scsi_outbox',
      'base_audit_log',
    ]) {
      const rows = await queryRows(db, sql`select * from ${sql.identifier(table)}`).catch(() => []);
      expect(JSON.stringify(rows), table).not.toContain(token);
    }
    // The dry run shows the call with the secret masked, and sends nothing. Only this definition's
    // path counts: the order's calls to the earlier tests' definitions may still be arriving.
    const toE = () => erp.calls.filter((received) => received.path === '/po-e').length;
    const calls = toE();
    const dry = await ok('baseScsiDefinition', 'doDryRun', {
      definitionId: definition.definitionId,
      businessId: row!.businessId,
    });
    expect(JSON.stringify(dry)).not.toContain(token);
    expect((dry.headers as Record<string, string>).Authorization).toBe('******');
    await sleep(500);
    expect(toE()).toBe(calls);
  });

  it('an effective definition is changed through a new version only; an invalid one is never used', async () => {
    const definition = await poDefinition('PO_ERP_F', '/po-f', {
      authType: 'BEARER',
      parameters: [{ lineNum: 1, paramName: 'token', secretFlag: 'Y', secretValue: 'v1-secret' }],
    });
    const edit = await call('baseScsiDefinition', 'saveOrUpdate', {
      ...definition,
      requestPath: '/elsewhere',
    });
    expect(edit.body.status).toBe('E');
    // Nor through its lines' own endpoints.
    const effective = await ok<Row & { parameters: Row[]; configs: Row[] }>(
      'baseScsiDefinition',
      'findById',
      {
        definitionId: definition.definitionId,
      },
    );
    const line = effective.parameters[0]!;
    const lineEdit = await call('baseScsiParameter', 'saveOrUpdate', {
      parameterId: line.parameterId,
      versionNum: line.versionNum,
      paramName: 'token',
      secretFlag: 'Y',
      secretValue: 'stolen',
    });
    expect(lineEdit.body.status).toBe('E');
    const configDelete = await call('baseScsiRequestConfig', 'delete', {
      requestConfigId: effective.configs[0]!.requestConfigId,
    });
    expect(configDelete.body.status).toBe('E');
    const draft = await ok<Row & { parameters: Row[] }>('baseScsiDefinition', 'doNewVersion', {
      definitionId: definition.definitionId,
    });
    expect(draft).toMatchObject({ status: 'DRAFT', definitionVersion: 2, definitionCode: 'PO_ERP_F' });
    await ok('baseScsiDefinition', 'doEffect', { definitionId: draft.definitionId });
    const first = await ok('baseScsiDefinition', 'findById', { definitionId: definition.definitionId });
    expect(first.status).toBe('INVALID');
    await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_F');
    // The new version made the call, with the secret it copied (never the mask).
    expect(row).toMatchObject({ stateCode: 'SENT' });
    const [log] = await logsOf(row!.outboxId);
    expect(log!.definitionVersion).toBe(2);
    expect(erp.calls.find((c) => c.key === row!.idempotencyKey)!.headers.authorization).toBe(
      'Bearer v1-secret',
    );
    // Invalid: the next approval writes no call.
    await ok('baseScsiDefinition', 'doInvalid', { definitionId: draft.definitionId });
    await releasedOrder();
    await sleep(1_500);
    expect(await outboxOf('PO_ERP_F')).toHaveLength(1);
  });

  it('a row left SENDING by a node that died is sent again after its lease, with the same key', async () => {
    const definition = await poDefinition('PO_ERP_G', '/po-g');
    const order = await releasedOrder();
    await sentOrFailed('PO_ERP_G');
    const runtime = server().runtime;
    // What a node leaves when it dies mid-call: SENDING, its lease run out.
    await runtime.transaction(async (tx) => {
      const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, 'test');
      await data.insert(scsiOutbox, [
        {
          definitionId: Number(definition.definitionId),
          definitionCode: 'PO_ERP_G',
          definitionVersion: 1,
          businessEntity: 'srmPoHeader',
          businessId: Number(order.poHeaderId),
          idempotencyKey: 'DEAD-NODE-1',
          stateCode: 'SENDING',
          attempts: 1,
          nodeName: 'dead-node',
          leaseUntil: data.now.getTime() - 1_000,
        },
      ]);
    });
    const rows = await sentOrFailed('PO_ERP_G', 2);
    expect(rows.find((row) => row.idempotencyKey === 'DEAD-NODE-1')).toMatchObject({
      stateCode: 'SENT',
      attempts: 2,
    });
    expect(erp.attempts('DEAD-NODE-1')).toBe(1);
    expect(erp.effects('DEAD-NODE-1')).toBe(1);
  });

  it('invalidating a definition sends its queued calls to compensation with "definition invalid"', async () => {
    const definition = await poDefinition('PO_ERP_H', '/po-h', {
      retryDelayMs: 600_000,
      retryMaxDelayMs: 600_000,
    });
    erp.script('/po-h', [{ status: 503 }]);
    await releasedOrder();
    // Waiting ten minutes for its next attempt.
    await waitFor(
      () => outboxOf('PO_ERP_H'),
      (rows) => rows.length === 1 && rows[0]!.stateCode === 'PENDING' && rows[0]!.attempts === 1,
    );
    await ok('baseScsiDefinition', 'doInvalid', { definitionId: definition.definitionId });
    const [row] = await outboxOf('PO_ERP_H');
    expect(row).toMatchObject({ stateCode: 'FAILED', lastError: '接口定义已失效' });
    const [compensation] = await ok<Row[]>('baseTransactionCompen', 'listByPage', {
      pageIndex: 1,
      pageRows: 10,
      stepName: 'PO_ERP_H',
    });
    expect(compensation).toMatchObject({
      status: 'OPEN',
      lastError: '接口定义已失效',
      sourceId: row!.outboxId,
    });
  });

  it('after a failure for good, later calls of the key wait (BLOCK) until it is settled, or go ahead (SKIP)', async () => {
    for (const rule of ['BLOCK', 'SKIP'] as const) {
      const code = `RULE_${rule}`;
      const program = await ok('baseConcurrentProgram', 'saveOrUpdate', {
        programCode: `P_${rule}`,
        programName: rule,
        executableName: 'PURGE_REQUESTS',
      });
      const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
        definitionCode: code,
        definitionName: code,
        businessEntity: 'baseConcurrentProgram',
        triggerAction: 'save',
        requestPath: `/rule-${rule}`,
        idempotencyKeyTemplate: '{programCode}-{versionNum}',
        orderingKeyTemplate: '{programCode}',
        failureRule: rule,
        retryLimit: 0,
        configs: [{ envCode: 'PROD', baseUrl: erp.url }],
        reqMaps: [{ lineNum: 1, targetPath: 'code', sourceType: 'FIELD', sourcePath: 'programCode' }],
      });
      await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
      erp.script(`/rule-${rule}`, [{ status: 400 }]);
      const save = async () => {
        const current = await ok('baseConcurrentProgram', 'findById', { programId: program.programId });
        await ok('baseConcurrentProgram', 'saveOrUpdate', {
          programId: current.programId,
          versionNum: current.versionNum,
          programCode: current.programCode,
          programName: current.programName,
          executableName: current.executableName,
          description: `v${String(current.versionNum)}`,
        });
      };
      await save();
      await waitFor(
        () => outboxOf(code),
        (rows) => rows[0]?.stateCode === 'FAILED',
      );
      await save();
      if (rule === 'BLOCK') {
        await sleep(2_500);
        expect((await outboxOf(code)).map((row) => row.stateCode)).toEqual(['FAILED', 'PENDING']);
        const [compensation] = await ok<Row[]>('baseTransactionCompen', 'listByPage', {
          pageIndex: 1,
          pageRows: 10,
          stepName: code,
        });
        await ok('baseTransactionCompen', 'doIgnore', {
          compenId: compensation!.compenId,
          comment: 'ERP 已手工录入',
        });
      }
      const rows = await waitFor(
        () => outboxOf(code),
        (found) => found[1]?.stateCode === 'SENT',
      );
      expect(rows.map((row) => row.stateCode)).toEqual([rule === 'BLOCK' ? 'CANCELLED' : 'FAILED', 'SENT']);
    }
  });

  it('an answer may be written back only to plain text fields of the document', async () => {
    for (const targetField of ['status', 'supplierId', 'poNumber', 'amountInclTax']) {
      const answer = await call('baseScsiDefinition', 'saveOrUpdate', {
        definitionCode: `WB_${targetField}`,
        definitionName: 'write-back',
        businessEntity: 'srmPoHeader',
        triggerAction: 'doApproval',
        idempotencyKeyTemplate: 'PO-{poNumber}',
        configs: [{ envCode: 'PROD', baseUrl: erp.url }],
        resMaps: [{ lineNum: 1, responsePath: 'data.erpNo', targetField }],
      });
      expect(answer.httpStatus, targetField).toBe(400);
      expect(answer.body.msg).toContain(targetField);
    }
  });

  it('a token endpoint answering 503 is retried like the call itself', async () => {
    erp.script('/token-i', [
      { status: 503 },
      { status: 200, body: '{"access_token":"t-1","expires_in":3600}' },
    ]);
    await poDefinition('PO_ERP_I', '/po-i', {
      headerInterceptor: 'OAUTH2_CLIENT_CREDENTIALS',
      parameters: [
        { lineNum: 1, paramName: 'tokenUrl', paramValue: `${erp.url}/token-i` },
        { lineNum: 2, paramName: 'clientId', paramValue: 'srm' },
        { lineNum: 3, paramName: 'clientSecret', secretFlag: 'Y', secretValue: 'cs-123456' },
      ],
    });
    await releasedOrder();
    const [row] = await sentOrFailed('PO_ERP_I');
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    const received = erp.calls.find((c) => c.key === row!.idempotencyKey)!;
    expect(received.headers.authorization).toBe('Bearer t-1');
    const [first] = await logsOf(row!.outboxId);
    expect(first).toMatchObject({ attempt: 1, errorClass: 'http5xx' });
  });

  it('the map picker lists business objects and their field paths, never identity objects or sealed fields', async () => {
    const tables = await ok<Row[]>('baseScsiDefinition', 'listTableByPage', {
      keyword: '采购订单',
      pageRows: 50,
    });
    expect(tables.map((row) => row.tableName)).toContain('srmPoHeader');
    const all = await ok<Row[]>('baseScsiDefinition', 'listTableByPage', { pageRows: 500 });
    expect(all.map((row) => row.tableName)).not.toContain('baseUser');
    expect(all.some((row) => /session|password|token/i.test(String(row.tableName)))).toBe(false);
    const columns = await ok<Row[]>('baseScsiDefinition', 'listColumnByPage', {
      tableName: 'srmPoHeader',
      pageRows: 500,
    });
    const paths = columns.map((row) => row.columnName);
    expect(paths).toEqual(
      expect.arrayContaining(['poNumber', 'supplierName', 'erpPoNumber', 'lines[].quantity']),
    );
    const parameterColumns = await call('baseScsiDefinition', 'listColumnByPage', { tableName: 'baseUser' });
    expect(parameterColumns.httpStatus).toBe(404);
    const bySupplier = await call('baseScsiDefinition', 'listTableByPage', {}, suppliers.a);
    expect(bySupplier.httpStatus).toBe(403);
  });

  it('a U8 trade id is kept on the call: a retry on another node (or after a restart) sends the same one', async () => {
    erp.script('/tradeid', [
      { status: 200, body: '{"tradeid":"T-1"}' },
      { status: 200, body: '{"tradeid":"T-2"}' },
    ]);
    erp.script('/po-u8', [{ status: 503 }, 'ok']);
    await poDefinition('PO_ERP_U8', '/po-u8', {
      targetSystem: 'U8',
      paramsInterceptor: 'U8_TRADE_ID',
      retryDelayMs: 1_500,
      retryMaxDelayMs: 1_500,
      parameters: [{ lineNum: 1, paramName: 'tradeIdUrl', paramValue: `${erp.url}/tradeid` }],
    });
    await releasedOrder();
    await waitFor(
      () => outboxOf('PO_ERP_U8'),
      (rows) => rows[0]?.stateCode === 'PENDING' && rows[0]?.attempts === 1,
    );
    // What a node keeps in memory is gone (another node, a restart).
    await server().runtime.transaction(async (tx) =>
      dispatcherOf(
        dataApi({ actor: SYSTEM_ACTOR, runtime: server().runtime, tx, now: new Date() }, 'test'),
      ).forget(),
    );
    const [row] = await sentOrFailed('PO_ERP_U8');
    expect(row).toMatchObject({ stateCode: 'SENT', attempts: 2 });
    const sent = erp.calls.filter((received) => received.path === '/po-u8').map((received) => received.url);
    expect(sent).toHaveLength(2);
    expect(sent.every((url) => url.includes('tradeid=T-1'))).toBe(true);
    expect(erp.calls.filter((received) => received.path === '/tradeid')).toHaveLength(1);
  });

  it('a supplier reaches nothing under /api/intf', async () => {
    for (const entity of ['baseScsiDefinition', 'baseScsiOutbox', 'baseScsiPlatformLog']) {
      const answer = await call(entity, 'listByPage', { pageIndex: 1, pageRows: 10 }, suppliers.a);
      expect(answer.httpStatus, entity).toBe(403);
    }
  });
});
