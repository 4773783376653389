// Eligibility on every path that names a supplier (issue 18, in the spirit of odoo/odoo #100213):
// supplier B's ISO 9001, which sheet metal requires in Suzhou, holds through tomorrow; with the
// clock two days on, the order waiting for approval is refused at approval, and so are a new
// order through the API, an order generated from a requisition, a requisition that suggests B
// (saved, copied, split, submitted), an ASL application and an agreement — each naming the
// certificate — while fasteners (no requirement) and supplier A go on. Receiving what was
// ordered goes on with the lapsed certificate (a warning), until a blacklist entry over orders
// refuses B's delivery notes and the buyer's receipt of them. (The Excel import of requisitions:
// apps/server/src/excel-import-lines.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { useProcurement } from './procurement.testing';
import { supplierBlacklist } from './supplier/supplier-blacklist/supplier-blacklist.entity';
import { supplierCredential } from './supplier/supplier-credential/supplier-credential.entity';
import { addDays, dayIn } from './supplier/supplier-credential/supplier-credential.validity';

type Row = Record<string, unknown> & { lines?: Row[] };
type Answer = { httpStatus: number; body: { status: string; msg: string; data: unknown } };

const { ids, ok, call, releasedOrder, suppliers, server } = useProcurement();
const more = { prType: 0, sheetMetal: 0, pm: 0 };
let expiry = '';

/** A system data API in its own transaction (what an approved document would write). */
async function asPlatform(work: (data: ReturnType<typeof dataApi>) => Promise<void>): Promise<void> {
  const s = server();
  await s.runtime.transaction((tx) =>
    work(dataApi({ actor: SYSTEM_ACTOR, runtime: s.runtime, tx, now: s.clock.now() }, 'test')),
  );
}

beforeAll(async () => {
  const s = server();
  more.prType = (
    await s.first<{ billTypeId: number }>('srmPurBillType', { billTypeCode: 'STD_PR' })
  ).billTypeId;
  more.sheetMetal = (
    await s.first<{ categoryId: number }>('srmBaseItem', { itemId: ids.bracket })
  ).categoryId;
  more.pm = (await s.first<{ userId: number }>('baseUser', { userName: 'pm' })).userId;
  await ok('srmQualificationRequirement', 'saveOrUpdate', {
    categoryId: more.sheetMetal,
    orgId: ids.orgA,
    credentialType: 'ISO9001',
    mandatoryFlag: 'Y',
  });
  expiry = addDays(dayIn(s.clock.now(), s.runtime.timeZone), 1);
  await asPlatform(async (data) => {
    await data.insert(supplierCredential, [
      {
        supplierId: ids.supA,
        credentialType: 'ISO9001',
        credentialNumber: 'ISO-A-0001',
        issueDate: '2024-01-01',
        longTermFlag: 'Y',
      },
      {
        supplierId: ids.supB,
        credentialType: 'ISO9001',
        credentialNumber: 'ISO-B-2026',
        issueDate: '2024-01-01',
        expiryDate: expiry,
        longTermFlag: 'N',
      },
    ]);
  });
});

const line = (itemId: number, quantity: number, more: Row = {}): Row => ({
  itemId,
  quantity,
  needByDate: '2026-12-20',
  ...more,
});

const orderBody = (supplierId: number, lines: Row[]): Row => ({
  billTypeId: ids.poType,
  orgId: ids.orgA,
  supplierId,
  currencyId: ids.currency,
  orderDate: '2026-11-21',
  lines: lines.map((row, index) => ({ lineNum: index + 1, unitPriceExclTax: 1, ...row })),
});

const requisitionBody = (lines: Row[]): Row => ({
  title: '钣金件申请',
  billTypeId: more.prType,
  orgId: ids.orgA,
  requesterName: '张伟',
  requisitionDate: '2026-11-20',
  lines: lines.map((row, index) => ({ lineNum: index + 1, ...row })),
});

/** The refusal eligibility gives for B's lapsed certificate: 422, status E, the certificate named. */
function refusedForCertificate(answer: Answer): void {
  expect(answer.body.status, answer.body.msg).toBe('E');
  expect(answer.httpStatus).toBe(422);
  expect(answer.body.msg).toContain(`（ISO-B-2026）已于 ${expiry} 到期`);
}

const state = { pendingOrder: 0, released: {} as Row, suggested: {} as Row, pooledLine: 0 };

describe('eligibility on every path that names a supplier', () => {
  it('lets supplier B through everywhere while its certificate holds', async () => {
    const pending = await ok('srmPoHeader', 'saveOrUpdate', orderBody(ids.supB, [line(ids.bracket, 10)]));
    await ok('srmPoHeader', 'doSubmit', { poHeaderId: pending.poHeaderId });
    state.pendingOrder = Number(pending.poHeaderId);
    state.released = await releasedOrder(ids.supB);
    state.suggested = await ok(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody([line(ids.bracket, 40, { suggestedSupplierId: ids.supB })]),
    );
    const pooled = await ok(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody([line(ids.bracket, 20)]),
    );
    await ok('srmPurRequisitionHeader', 'doSubmit', { requisitionHeaderId: pooled.requisitionHeaderId });
    await decideAll(
      server().runtime,
      'srmPurRequisitionHeader',
      Number(pooled.requisitionHeaderId),
      'approve',
    );
    state.pooledLine = Number(pooled.lines![0]!.requisitionLineId);
  });

  it('refuses, with the clock two days on, each path that would order sheet metal from B, naming the certificate', async () => {
    server().clock.travel(2 * 86_400_000);
    const orders = () => server().count('srm_po_header');
    const before = await orders();

    // Order approval: the purchasing manager's decision is refused, the order keeps waiting.
    const pm = { userId: more.pm, userName: 'pm' };
    const tasks = await server().post<Row[]>(
      '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
      { pageIndex: 1, pageRows: 100, entityName: 'srmPoHeader' },
      { actor: pm },
    );
    const task = tasks.body.data.find((row) => row.documentId === state.pendingOrder);
    refusedForCertificate(
      await server().post('/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task!.taskId }, { actor: pm }),
    );
    expect((await ok('srmPoHeader', 'findById', { poHeaderId: state.pendingOrder })).status).toBe(
      'APPROVING',
    );

    // A new order through the API, and one generated from a pooled requisition line.
    refusedForCertificate(
      await call('srmPoHeader', 'saveOrUpdate', orderBody(ids.supB, [line(ids.bracket, 5)])),
    );
    const fromPool = {
      billTypeId: ids.poType,
      supplierId: ids.supB,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: state.pooledLine }],
    };
    refusedForCertificate(await call('srmPoHeader', 'createFromRequisition', fromPool));
    expect(await orders()).toBe(before);
    // Fasteners require no certificate; supplier A's is long-term.
    await ok('srmPoHeader', 'saveOrUpdate', orderBody(ids.supB, [line(ids.screw, 5)]));
    await ok('srmPoHeader', 'createFromRequisition', { ...fromPool, supplierId: ids.supA });

    // Requisitions that suggest B: a new one, a copy, a split, the submit.
    const suggested = { requisitionHeaderId: state.suggested.requisitionHeaderId };
    refusedForCertificate(
      await call(
        'srmPurRequisitionHeader',
        'saveOrUpdate',
        requisitionBody([line(ids.bracket, 1, { suggestedSupplierId: ids.supB })]),
      ),
    );
    refusedForCertificate(await call('srmPurRequisitionHeader', 'doCopy', suggested));
    refusedForCertificate(
      await call('srmPurRequisitionHeader', 'doSplit', {
        requisitionLineId: state.suggested.lines![0]!.requisitionLineId,
        quantity: 10,
      }),
    );
    refusedForCertificate(await call('srmPurRequisitionHeader', 'doSubmit', suggested));
    const kept = await ok('srmPurRequisitionHeader', 'findById', suggested);
    expect([kept.status, kept.lines!.length]).toEqual(['DRAFT', 1]);

    // The approved supplier list and an agreement.
    const apply = await ok('srmPurAslApply', 'saveOrUpdate', {
      orgId: ids.orgA,
      applyReason: '钣金件第二货源',
      lines: [{ supplierId: ids.supB, categoryId: more.sheetMetal }],
    });
    refusedForCertificate(await call('srmPurAslApply', 'doSubmit', { aslApplyId: apply.aslApplyId }));
    const agreement = await ok('srmPurAgreement', 'saveOrUpdate', {
      agreementName: '钣金件年度价格协议',
      supplierId: ids.supB,
      orgId: ids.orgA,
      currencyId: ids.currency,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      lines: [{ itemId: ids.bracket, unitPrice: 6.2, taxRate: 13 }],
    });
    refusedForCertificate(await call('srmPurAgreement', 'doSubmit', { agreementId: agreement.agreementId }));

    // English callers read it in English.
    const english = await call(
      'srmPoHeader',
      'saveOrUpdate',
      orderBody(ids.supB, [line(ids.bracket, 5)]),
      undefined,
      'EN',
    );
    expect(english.body.msg).toMatch(
      /^The ISO 9001 .* \(ISO-B-2026\) expired on \d{4}-\d{2}-\d{2}; category /,
    );
  });

  it('lets B deliver and the buyer receive what was ordered, until a blacklist entry over orders', async () => {
    const [screws, brackets] = state.released.lines!;
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-01', lines: [{ poLineId: brackets!.poLineId, shipQuantity: 30 }] },
      suppliers.b,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, suppliers.b);

    await asPlatform(async (data) => {
      const entry = await data.save(supplierBlacklist, {
        supplierId: ids.supB,
        permanentFlag: 'Y',
        scopeOrder: 'Y',
        publicReason: '虚开发票',
        internalReason: '税务稽查通报，内部编号 TX-2026-118',
      });
      await server()
        .runtime.service(supplierBlacklist.name)
        .writeSystemFields(SYSTEM_ACTOR, entry.blacklistId, { status: 'APPROVING' }, 'test');
      await data.act(supplierBlacklist, 'doApproval', [entry.blacklistId]);
    });
    const blacklisted = (answer: Answer) => {
      expect(answer.body.status, answer.body.msg).toBe('E');
      expect(answer.httpStatus).toBe(422);
      expect(answer.body.msg).toMatch(/在黑名单中（BL\d{12}），不能进行此业务$/);
      expect(answer.body.msg).not.toContain('TX-2026-118');
    };
    blacklisted(
      await call(
        'srmPurAsnHeader',
        'createFromOrderLines',
        { shipDate: '2026-12-02', lines: [{ poLineId: screws!.poLineId, shipQuantity: 10 }] },
        suppliers.b,
      ),
    );
    const receipt = await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-03',
      storageLocationId: ids.store,
    });
    blacklisted(await call('srmPurReceiveHeader', 'doPost', { receiveHeaderId: receipt.receiveHeaderId }));
    const found = await ok('srmPurReceiveHeader', 'findById', { receiveHeaderId: receipt.receiveHeaderId });
    expect(found.status).not.toBe('POSTED');
  });
});
