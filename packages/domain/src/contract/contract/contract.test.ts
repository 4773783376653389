// Contracts and the clause library over real HTTP on a real database: a clause's versions (an
// alteration opens the next once; its approval supersedes the one before; a contract keeps the
// version it copied), a contract's amounts (payment stages add up to the total exactly, the last
// one taking the rounding remainder), its way through approval, the supplier's confirmation or
// refusal, signing on paper, a void request rejected back to where it was, and termination; what
// each supplier sees at each step, and the answers to actions from the wrong state.
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type BackgroundServices, PdfSigner, SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import {
  runExecutable,
  seedsNamed,
  contractPdf,
  docxOf,
  docxPart,
  trackedInsertion,
  wordParagraph,
  wordRun,
  wordTable,
} from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { afterFinalizing, contractFiles } from '../contract-files.testing';
import { contractWarningsProgram } from '../warning/warning.job';
import { WARNINGS_QUEUE, runDailyWarnings } from '../warning/warning.daily';
import { contractServer } from '../area.server';
import { programParam } from '../../scheduler';
import { contractStage } from './contract-lines.entity';

type Row = Record<string, unknown>;

const { ids, call, ok, suppliers, server, supplierUsers, approve: approvePo } = useProcurement();
const { upload, download } = contractFiles(server);

/** The unit of each test material (a contract line names its unit). */
const units: Record<number, number> = {};
beforeAll(async () => {
  await supplierUsers('cct');
  for (const itemId of [ids.screw, ids.bracket])
    units[itemId] = (await ok<{ uomId: number }>('srmBaseItem', 'findById', { itemId })).uomId;
});

const decide = (entity: string, id: unknown, decision: 'approve' | 'reject' = 'approve') =>
  decideAll(server().runtime, entity, Number(id), decision);

async function effectiveClause(termsCode: string): Promise<Row> {
  const saved = await ok('srmCctTerms', 'saveOrUpdate', {
    termsCode,
    termsTitle: '付款条款',
    category: 'PAYMENT',
    termsBody: '<p>合同总价为{amountInclTax}元（大写：{amountInWords}）。</p>',
  });
  await ok('srmCctTerms', 'doSubmit', { termsId: saved.termsId });
  await decide('srmCctTerms', saved.termsId);
  return ok('srmCctTerms', 'findById', { termsId: saved.termsId });
}

/** A draft contract of 3 × 33.33 % stages over 100 screws at 0.3 and 30 brackets at 6.25, 13 % tax. */
function contractBody(extra: Row = {}): Row {
  return {
    contractName: '紧固件年度采购合同',
    orgId: ids.orgA,
    supplierId: ids.supA,
    currencyId: ids.currency,
    effectiveFrom: '2027-01-01',
    effectiveTo: '2027-12-31',
    items: [
      { lineNum: 1, itemId: ids.screw, uomId: units[ids.screw], quantity: 100, unitPrice: 0.3, taxRate: 13 },
      {
        lineNum: 2,
        itemId: ids.bracket,
        uomId: units[ids.bracket],
        quantity: 30,
        unitPrice: 6.25,
        taxRate: 13,
      },
    ],
    stages: [
      { stageNum: 1, stageName: '预付款', milestone: 'SIGNING', ratio: 33.33 },
      { stageNum: 2, stageName: '到货款', milestone: 'DELIVERY', ratio: 33.33 },
      { stageNum: 3, stageName: '尾款', milestone: 'ACCEPTANCE', ratio: 33.34 },
    ],
    ...extra,
  };
}

type Reached = 'APPROVED' | 'CONFIRMING' | 'CONFIRMED' | 'SIGNING';

/** A draft contract submitted, approved, sent, confirmed by supplier A and finalized, up to `status`. */
async function advance(contractId: unknown, status: Reached): Promise<void> {
  const key = { contractId };
  await ok('srmCctContract', 'doSubmit', key);
  await decide('srmCctContract', contractId);
  if (status === 'APPROVED') return;
  await ok('srmCctContract', 'doSendConfirm', key);
  if (status === 'CONFIRMING') return;
  await ok('srmCctContract', 'doSupplierConfirm', key, suppliers.a);
  if (status === 'CONFIRMED') return;
  await ok('srmCctContract', 'doFinalize', key);
  await afterFinalizing(server(), contractId);
}

async function contractIn(status: Reached, extra: Row = {}) {
  const saved = await ok('srmCctContract', 'saveOrUpdate', contractBody(extra));
  await advance(saved.contractId, status);
  return saved;
}

/** A found contract's items as a save sends them back, each changed by `change`. */
const itemBodies = (items: unknown, change: (index: number) => Row) =>
  (items as Row[]).map((line, index) => ({
    contractItemId: line.contractItemId,
    lineNum: line.lineNum,
    itemId: line.itemId,
    uomId: line.uomId,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    taxRate: line.taxRate,
    ...change(index),
  }));

const find = (contractId: unknown, actor?: Row) => ok('srmCctContract', 'findById', { contractId }, actor);

/** A contract in signing, signed on paper with the scan: in effect. */
async function effective(contractId: unknown): Promise<Row> {
  const current = await find(contractId);
  await ok('srmCctContract', 'saveOrUpdate', {
    contractId,
    versionNum: current.versionNum,
    signedScanIds: String(await upload('signed.pdf')),
  });
  await ok('srmCctContract', 'doSignPaper', { contractId });
  return find(contractId);
}

describe('the clause library', () => {
  it('opens the next version once, supersedes the old one on approval, and contracts keep theirs', async () => {
    const v1 = await effectiveClause('PAY-T01');
    expect(v1).toMatchObject({
      status: 'EFFECTIVE',
      termsVersion: 1,
      variables: 'amountInclTax,amountInWords',
    });
    // The library is read by every buyer, also one limited to some organisations.
    const limited = { userId: 1, userName: 'buyer1', orgIds: [ids.orgA] };
    const listed = await ok<Row[]>('srmCctTerms', 'listByPage', { termsCode: 'PAY-T01' }, limited);
    expect(listed.map((row) => row.termsId)).toContain(v1.termsId);
    // A contract copies version 1 and its text.
    const made = await ok('srmCctContract', 'saveOrUpdate', {
      ...contractBody(),
      clauses: [{ sequenceNum: 1, termsId: v1.termsId, termsTitle: '付款', termsBody: '<p>按月结算。</p>' }],
    });
    const clause = (made.clauses as Row[])[0]!;
    expect(clause).toMatchObject({
      termsVersion: 1,
      libraryBody: v1.termsBody,
      termsBody: '<p>按月结算。</p>',
    });

    const altered = await ok('srmCctTerms', 'doAlteration', {
      termsId: v1.termsId,
      changeReason: '付款期调整',
    });
    expect(altered).toMatchObject({ status: 'DRAFT', termsVersion: 2, previousTermsId: v1.termsId });
    const again = await call('srmCctTerms', 'doAlteration', { termsId: v1.termsId });
    expect(again.httpStatus).toBe(409);
    expect(again.body.msg).toBe('该条款已有未生效的版本 2，请先处理该版本');
    const draftAlteration = await call('srmCctTerms', 'doAlteration', { termsId: altered.termsId });
    expect(draftAlteration.httpStatus).toBe(409);

    await ok('srmCctTerms', 'saveOrUpdate', {
      termsId: altered.termsId,
      versionNum: altered.versionNum,
      termsBody: '<p>合同总价为{amountInclTax}元，按月结算。</p>',
    });
    await ok('srmCctTerms', 'doSubmit', { termsId: altered.termsId });
    await decide('srmCctTerms', altered.termsId);
    expect((await ok('srmCctTerms', 'findById', { termsId: v1.termsId })).status).toBe('SUPERSEDED');
    expect((await ok('srmCctTerms', 'findById', { termsId: altered.termsId })).status).toBe('EFFECTIVE');
    // The contract still holds version 1's text as its library text.
    const kept = await find(made.contractId);
    expect((kept.clauses as Row[])[0]).toMatchObject({ termsVersion: 1, libraryBody: v1.termsBody });
    // A clause of the same code and version cannot be written twice.
    const twice = await call('srmCctTerms', 'saveOrUpdate', {
      termsCode: 'PAY-T01',
      termsTitle: '重复',
      category: 'PAYMENT',
      termsBody: '<p>x</p>',
    });
    expect(twice.httpStatus).toBe(409);
  });
});

describe('a contract', () => {
  it('allots its total over the payment stages exactly, and fills the parties from the master data', async () => {
    const saved = await ok('srmCctContract', 'saveOrUpdate', contractBody());
    // 100 × 0.3 + 30 × 6.25 = 217.50; tax 28.28; total 245.78.
    expect(saved).toMatchObject({ amountExclTax: 217.5, taxAmount: 28.28, amountInclTax: 245.78 });
    const stages = (saved.stages as Row[]).map((stage) => stage.stageAmount);
    // 245.78 × 33.33 % = 81.918… → 81.92 twice; the last takes 245.78 − 163.84 = 81.94.
    expect(stages).toEqual([81.92, 81.92, 81.94]);
    expect(saved.partyBName).toBeTruthy();
    expect(saved.partyAName).toBeTruthy();
    expect((saved.items as Row[])[0]!.itemDescription).toBeTruthy();
    expect(saved.contractNumber).toMatch(/^HT\d{8}\d{4}$/);
  });

  it('is refused for submission when its stages do not add up to 100 % or it has no items', async () => {
    const saved = await ok(
      'srmCctContract',
      'saveOrUpdate',
      contractBody({ stages: [{ stageNum: 1, stageName: '全款', milestone: 'DELIVERY', ratio: 90 }] }),
    );
    const answer = await call('srmCctContract', 'doSubmit', { contractId: saved.contractId });
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.status).toBe('E');
    expect(answer.body.msg).toContain('付款比例合计须为100%，当前为90%');
    const english = await call(
      'srmCctContract',
      'doSubmit',
      { contractId: saved.contractId },
      undefined,
      'EN',
    );
    expect(english.body.msg).toContain('they add up to 90 %');
    const bare = await ok('srmCctContract', 'saveOrUpdate', contractBody({ items: [], stages: [] }));
    const empty = await call('srmCctContract', 'doSubmit', { contractId: bare.contractId });
    expect(empty.httpStatus).toBe(422);
    expect(empty.body.msg).toContain('请至少添加一行合同标的');
    expect((await find(saved.contractId)).status).toBe('DRAFT');
  });

  it('reaches its supplier only when sent, and no other supplier at all', async () => {
    const approved = await contractIn('APPROVED');
    const key = { contractId: approved.contractId };
    expect((await call('srmCctContract', 'findById', key, suppliers.a)).httpStatus).toBe(404);
    await ok('srmCctContract', 'doSendConfirm', key);
    expect((await find(approved.contractId, suppliers.a)).status).toBe('CONFIRMING');
    // Its users are told, in-app and by e-mail, in their language; supplier B's are not.
    const told = (await server()
      .runtime.executor()
      .execute(
        sql`select title_zh, title_en, supplier_id from base_site_message
            where document_id = ${Number(approved.contractId)} and entity_name = 'srmCctContract'
              and source = 'CCT_CONTRACT'`,
      )) as unknown as { rows: { title_zh: string; title_en: string; supplier_id: string | number }[] };
    expect(told.rows.length).toBeGreaterThan(0);
    for (const row of told.rows) {
      expect(Number(row.supplier_id)).toBe(ids.supA);
      expect(row.title_zh).toBe(`合同 ${String(approved.contractNumber)} 待您确认`);
      expect(row.title_en).toBe(`Contract ${String(approved.contractNumber)} awaits your confirmation`);
    }
    for (const action of ['findById', 'doSupplierConfirm', 'doSupplierRefuse']) {
      const answer = await call('srmCctContract', action, { ...key, comment: '不同意' }, suppliers.b);
      expect(answer.httpStatus, action).toBe(404);
    }
    const listed = await ok<Row[]>('srmCctContract', 'listByPage', { pageRows: 500 }, suppliers.b);
    expect(listed.some((row) => row.contractId === approved.contractId)).toBe(false);
    // The buyer cannot answer for the supplier.
    expect((await call('srmCctContract', 'doSupplierConfirm', key)).httpStatus).toBe(403);
  });

  it('goes back to the buyer when the supplier refuses it with a reason, and through approval again', async () => {
    const sent = await contractIn('CONFIRMING');
    const key = { contractId: sent.contractId };
    const bare = await call('srmCctContract', 'doSupplierRefuse', key, suppliers.a);
    expect(bare.httpStatus).toBe(400);
    await ok('srmCctContract', 'doSupplierRefuse', { ...key, comment: '交期无法满足' }, suppliers.a);
    const refused = await find(sent.contractId);
    expect(refused).toMatchObject({ status: 'REFUSED', refuseReason: '交期无法满足' });
    // The supplier still sees it, refused; the buyer revises and submits it again.
    expect((await find(sent.contractId, suppliers.a)).status).toBe('REFUSED');
    const revised = await ok('srmCctContract', 'saveOrUpdate', {
      contractId: refused.contractId,
      versionNum: refused.versionNum,
      effectiveFrom: '2027-02-01',
    });
    expect(revised.status).toBe('REFUSED');
    await ok('srmCctContract', 'doSubmit', key);
    await decide('srmCctContract', sent.contractId);
    await ok('srmCctContract', 'doSendConfirm', key);
    await ok('srmCctContract', 'doSupplierConfirm', key, suppliers.a);
    const confirmed = await find(sent.contractId);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.refuseReason).toBeNull();
    expect(typeof confirmed.confirmedDate).toBe('number');
  });

  it('answers 409 to an action from the wrong state', async () => {
    const draft = await ok('srmCctContract', 'saveOrUpdate', contractBody());
    const key = { contractId: draft.contractId };
    for (const action of ['doSendConfirm', 'doFinalize', 'doSignPaper', 'doVoid']) {
      const answer = await call('srmCctContract', action, { ...key, comment: '测试' });
      expect(answer.httpStatus, action).toBe(409);
    }
    const terminate = await call('srmCctContract', 'doTerminate', {
      ...key,
      terminateReason: '测试',
      paidAmount: 0,
    });
    expect(terminate.httpStatus).toBe(409);
  });

  it('is voided only with approval; a rejected void request puts it back where it was', async () => {
    const signing = await contractIn('SIGNING');
    const key = { contractId: signing.contractId };
    expect((await call('srmCctContract', 'doVoid', key)).httpStatus).toBe(400);
    await ok('srmCctContract', 'doVoid', { ...key, comment: '项目取消' });
    expect((await find(signing.contractId)).status).toBe('VOIDING');
    await decide('srmCctContract', signing.contractId, 'reject');
    expect((await find(signing.contractId)).status).toBe('SIGNING');
    // From another state it returns there.
    const confirming = await contractIn('CONFIRMING');
    await ok('srmCctContract', 'doVoid', { contractId: confirming.contractId, comment: '供应商变更' });
    await decide('srmCctContract', confirming.contractId, 'reject');
    expect((await find(confirming.contractId)).status).toBe('CONFIRMING');
    await ok('srmCctContract', 'doVoid', { contractId: confirming.contractId, comment: '供应商变更' });
    await decide('srmCctContract', confirming.contractId);
    expect((await find(confirming.contractId, suppliers.a)).status).toBe('VOID');
  });

  it('takes effect when signed on paper with the scan, and terminates with a reason and the amount paid', async () => {
    const signing = await contractIn('SIGNING');
    const key = { contractId: signing.contractId };
    const noScan = await call('srmCctContract', 'doSignPaper', key);
    expect(noScan.httpStatus).toBe(422);
    expect(noScan.body.msg).toContain('请先上传双方签署的合同扫描件');
    const current = await find(signing.contractId);
    // Only the scan may change while it is being signed.
    const renamed = await call('srmCctContract', 'saveOrUpdate', {
      contractId: current.contractId,
      versionNum: current.versionNum,
      contractName: '改名',
    });
    expect(renamed.httpStatus).toBe(409);
    expect(renamed.body.status).toBe('E');
    await ok('srmCctContract', 'saveOrUpdate', {
      contractId: current.contractId,
      versionNum: current.versionNum,
      signedScanIds: String(await upload('signed.pdf')),
    });
    await ok('srmCctContract', 'doSignPaper', key);
    const effective = await find(signing.contractId);
    expect(effective).toMatchObject({ status: 'EFFECTIVE', paperSignedFlag: 'Y' });
    expect(typeof effective.dateSigned).toBe('number');
    // Signing is the milestone of the first stage only.
    expect((effective.stages as Row[]).map((stage) => stage.stageStatus)).toEqual([
      'PENDING',
      'NOT_ARRIVED',
      'NOT_ARRIVED',
    ]);

    const noReason = await call('srmCctContract', 'doTerminate', { ...key, paidAmount: 10 });
    expect(noReason.httpStatus).toBe(400);
    const tooMuch = await call('srmCctContract', 'doTerminate', {
      ...key,
      terminateReason: '停产',
      paidAmount: 1000,
    });
    expect(tooMuch.httpStatus).toBe(422);
    await ok('srmCctContract', 'doTerminate', { ...key, terminateReason: '产品停产', paidAmount: 81.92 });
    expect(await find(signing.contractId)).toMatchObject({
      status: 'TERMINATING',
      terminateReason: '产品停产',
      terminatePaidAmount: 81.92,
    });
    // Its approval: the manager and finance; a rejection returns it to effect.
    await decide('srmCctContract', signing.contractId, 'reject');
    expect((await find(signing.contractId)).status).toBe('EFFECTIVE');
    await ok('srmCctContract', 'doTerminate', { ...key, terminateReason: '产品停产', paidAmount: 81.92 });
    await decide('srmCctContract', signing.contractId);
    expect((await find(signing.contractId, suppliers.a)).status).toBe('TERMINATED');
  });

  it('is altered by a new version that keeps what was paid, and supersedes the old one when it takes effect', async () => {
    const v1 = await effective((await contractIn('SIGNING')).contractId);
    const [first] = v1.stages as Row[];
    // 50.00 of the first stage (81.92) was paid.
    await server()
      .runtime.executor()
      .execute(
        sql`update srm_cct_contract_stage set paid_amount = 50 where contract_stage_id = ${first!.contractStageId}`,
      );

    const v2 = await ok('srmCctContract', 'doAlteration', { contractId: v1.contractId });
    expect(v2).toMatchObject({
      status: 'DRAFT',
      contractType: 'ALTERATION',
      mainContractId: v1.contractId,
      revisionNum: 2,
      amountInclTax: 245.78,
      contractName: v1.contractName,
    });
    expect(v2.contractNumber).not.toBe(v1.contractNumber);
    expect((v2.stages as Row[]).map((stage) => [stage.stageName, stage.stageAmount])).toEqual([
      ['预付款', 81.92],
      ['到货款', 81.92],
      ['尾款', 81.94],
    ]);
    // One alteration at a time, and only of a contract in effect.
    const again = await call('srmCctContract', 'doAlteration', { contractId: v1.contractId });
    expect(again.httpStatus).toBe(409);
    expect(again.body.msg).toContain(String(v2.contractNumber));
    expect((await call('srmCctContract', 'doAlteration', { contractId: v2.contractId })).httpStatus).toBe(
      409,
    );
    // The supplier never sees a draft; the other supplier never sees it at all.
    expect(
      (await call('srmCctContract', 'findById', { contractId: v2.contractId }, suppliers.a)).httpStatus,
    ).toBe(404);

    // A stage cannot drop below what was paid of it, nor the total below what was paid.
    const header = { contractId: v2.contractId, versionNum: v2.versionNum };
    const stagesAt = (ratios: number[]) =>
      (v2.stages as Row[]).map((stage, index) => ({
        contractStageId: stage.contractStageId,
        stageNum: stage.stageNum,
        stageName: stage.stageName,
        milestone: stage.milestone,
        ratio: ratios[index],
      }));
    const itemsWith = (change: (index: number) => Row) => itemBodies(v2.items, change);
    const lowStage = await call('srmCctContract', 'saveOrUpdate', {
      ...header,
      stages: stagesAt([10, 56.67, 33.33]),
    });
    expect(lowStage.httpStatus).toBe(400);
    expect(JSON.stringify(lowStage.body)).toContain('第 1 期付款节点的金额不能低于其已付金额 50.00');
    const cheaper = await call('srmCctContract', 'saveOrUpdate', {
      ...header,
      items: itemsWith(() => ({ quantity: 1 })),
    });
    expect(cheaper.httpStatus).toBe(400);
    expect(JSON.stringify(cheaper.body)).toContain('不能低于已付金额 50.00');
    const dearer = await ok('srmCctContract', 'saveOrUpdate', {
      ...header,
      items: itemsWith((index) => (index === 0 ? { unitPrice: 0.35 } : {})),
    });
    expect(dearer.amountInclTax).toBe(251.43);

    // Submitted only with its reason and rationale; then the whole way again.
    const bare = await call('srmCctContract', 'doSubmit', { contractId: v2.contractId });
    expect(bare.httpStatus).toBe(422);
    expect(bare.body.msg).toContain('变更原因');
    await ok('srmCctContract', 'saveOrUpdate', {
      contractId: v2.contractId,
      versionNum: dearer.versionNum,
      changeReason: '螺钉单价上调',
      changeRationale: 'PRICE',
    });
    await advance(v2.contractId, 'SIGNING');
    const altered = await effective(v2.contractId);
    expect(altered.status).toBe('EFFECTIVE');
    // What was paid carried over; the old version is superseded, seen so by the supplier too.
    expect(
      (altered.stages as Row[]).map((stage) => [stage.stageAmount, stage.paidAmount, stage.stageStatus]),
    ).toEqual([
      [83.8, 50, 'PENDING'],
      [83.8, 0, 'NOT_ARRIVED'],
      [83.83, 0, 'NOT_ARRIVED'],
    ]);
    expect((await find(v1.contractId, suppliers.a)).status).toBe('SUPERSEDED');
    expect((await call('srmCctContract', 'doAlteration', { contractId: v1.contractId })).httpStatus).toBe(
      409,
    );
  });

  it('has its equipment accepted: an approved passed acceptance makes the stages due on acceptance payable', async () => {
    const draft = await contractIn('APPROVED');
    expect(
      (await call('srmCctContract', 'doAssetAcceptance', { contractId: draft.contractId })).httpStatus,
    ).toBe(409);
    const signing = await find(draft.contractId);
    await ok('srmCctContract', 'doSendConfirm', { contractId: signing.contractId });
    await ok('srmCctContract', 'doSupplierConfirm', { contractId: signing.contractId }, suppliers.a);
    await ok('srmCctContract', 'doFinalize', { contractId: signing.contractId });
    await afterFinalizing(server(), signing.contractId);
    const inEffect = await effective(signing.contractId);

    const opened = await ok('srmCctContract', 'doAssetAcceptance', { contractId: inEffect.contractId });
    expect(opened).toMatchObject({
      status: 'DRAFT',
      contractId: inEffect.contractId,
      supplierId: ids.supA,
      orgId: ids.orgA,
      result: 'PASSED',
    });
    const key = { acceptanceId: opened.acceptanceId };
    // Not without lines; the supplier sees nothing of a draft.
    expect((await call('srmCctAssetAcceptance', 'doSubmit', key)).httpStatus).toBe(422);
    expect((await call('srmCctAssetAcceptance', 'findById', key, suppliers.a)).httpStatus).toBe(404);
    await ok('srmCctAssetAcceptance', 'saveOrUpdate', {
      ...key,
      versionNum: opened.versionNum,
      assetType: 'TOOLING',
      assetNumber: 'MJ-2026-001',
      acceptanceStandard: '试模 300 件，尺寸全检合格',
      lines: [
        {
          lineNum: 1,
          lineKind: 'TOOL',
          assetName: '支架冲压模',
          specification: '4 工位级进模',
          quantity: 1,
          uomName: '套',
        },
        { lineNum: 2, lineKind: 'EQUIPMENT', assetName: '检具', quantity: 2, uomName: '件' },
      ],
    });
    await ok('srmCctAssetAcceptance', 'doSubmit', key);
    await decide('srmCctAssetAcceptance', opened.acceptanceId);
    // The supplier reads its approved acceptance; the other supplier does not learn it exists.
    const seen = await ok('srmCctAssetAcceptance', 'findById', key, suppliers.a);
    expect(seen).toMatchObject({ status: 'APPROVED', assetNumber: 'MJ-2026-001' });
    expect((seen.lines as Row[]).map((line) => line.assetName)).toEqual(['支架冲压模', '检具']);
    expect((await call('srmCctAssetAcceptance', 'findById', key, suppliers.b)).httpStatus).toBe(404);
    expect(((await find(inEffect.contractId)).stages as Row[]).map((stage) => stage.stageStatus)).toEqual([
      'PENDING',
      'NOT_ARRIVED',
      'PENDING',
    ]);
  });

  it('converts a pre-contract in effect into its main contract once, which carries over what was paid', async () => {
    const pre = await effective((await contractIn('SIGNING', { contractType: 'PRE' })).contractId);
    const [first] = pre.stages as Row[];
    await server()
      .runtime.executor()
      .execute(
        sql`update srm_cct_contract_stage set paid_amount = 30 where contract_stage_id = ${first!.contractStageId}`,
      );
    // Only a pre-contract converts.
    const main = await effective((await contractIn('SIGNING')).contractId);
    expect(
      (await call('srmCctContract', 'doConvertToMain', { contractId: main.contractId })).httpStatus,
    ).toBe(409);

    const made = await ok('srmCctContract', 'doConvertToMain', { contractId: pre.contractId });
    expect(made).toMatchObject({ status: 'DRAFT', contractType: 'MAIN', preContractId: pre.contractId });
    const twice = await call('srmCctContract', 'doConvertToMain', { contractId: pre.contractId });
    expect(twice.httpStatus).toBe(409);
    expect(twice.body.msg).toContain(String(made.contractNumber));

    await advance(made.contractId, 'SIGNING');
    const inEffect = await effective(made.contractId);
    expect((inEffect.stages as Row[]).map((stage) => [stage.paidAmount, stage.stageStatus])).toEqual([
      [30, 'PENDING'],
      [0, 'NOT_ARRIVED'],
      [0, 'NOT_ARRIVED'],
    ]);
    expect((await find(pre.contractId, suppliers.a)).status).toBe('CONVERTED');
    expect((await call('srmCctContract', 'doConvertToMain', { contractId: pre.contractId })).httpStatus).toBe(
      409,
    );
  });
});

/** A contract template: header, parties, the items table, the amount in capitals and the clauses. */
function templateDocx(extra = ''): Buffer {
  return docxOf({
    body: [
      wordParagraph(wordRun('采购合同 {contractNumber}')),
      wordParagraph(wordRun('甲方：{partyAName}　乙方：{partyBName}')),
      wordTable([
        ['序号', '物料', '数量', '单位', '含税金额'],
        ['{#items}{lineNum}', '{itemName}', '{quantity}', '{uomName}', '{amountInclTax}{/items}'],
      ]),
      wordParagraph(wordRun('合同总价：{amountInclTax} 元（大写：{amountInWords}）')),
      wordParagraph(wordRun('{#clauses}')),
      wordParagraph(wordRun('{sequenceNum}. {termsTitle}：{termsBody}')),
      wordParagraph(wordRun('{/clauses}')),
      extra,
    ].join(''),
  });
}

describe('contract execution', () => {
  it('counts the orders under a contract, holds them to it, and keeps them through alteration and termination', async () => {
    const v1 = await effective((await contractIn('SIGNING', { executionControl: 'QUANTITY' })).contractId);
    const [screwLine, bracketLine] = v1.items as Row[];
    const under = (quantity: number, line: Row = screwLine!, extra: Row = {}) => ({
      billTypeId: ids.poType,
      orgId: ids.orgA,
      supplierId: ids.supA,
      currencyId: ids.currency,
      orderDate: '2027-01-05',
      lines: [
        {
          lineNum: 1,
          itemId: ids.screw,
          quantity,
          unitPriceExclTax: 0.3,
          needByDate: '2027-02-10',
          contractId: v1.contractId,
          contractItemId: line.contractItemId,
        },
      ],
      ...extra,
    });
    // 合同下单: a draft of what each line has left, at the contract's prices, for the buyer only.
    const drafted = await ok('srmCctContract', 'createOrder', { contractId: v1.contractId });
    expect(drafted).toMatchObject({
      status: 'DRAFT',
      supplierId: ids.supA,
      sourceType: 'CONTRACT',
      sourceNum: v1.contractNumber,
      amountInclTax: 245.78,
    });
    expect((drafted.lines as Row[]).map((line) => [line.quantity, line.contractLineNum])).toEqual([
      [100, 1],
      [30, 2],
    ]);
    await ok('srmPoHeader', 'delete', { poHeaderId: drafted.poHeaderId });
    expect(
      (await call('srmCctContract', 'createOrder', { contractId: v1.contractId }, suppliers.a)).httpStatus,
    ).toBe(403);
    // The contract line must be of the line's material, and the contract the order's supplier's.
    const otherMaterial = await call('srmPoHeader', 'saveOrUpdate', under(10, bracketLine));
    expect(otherMaterial.httpStatus).toBe(400);
    const otherSupplier = await call(
      'srmPoHeader',
      'saveOrUpdate',
      under(10, screwLine, { supplierId: ids.supB }),
    );
    expect(otherSupplier.httpStatus).toBe(422);
    expect(otherSupplier.body.msg).toContain('第 1 行的合同不是本订单供应商');
    const noLine = await call('srmPoHeader', 'saveOrUpdate', {
      ...under(10),
      lines: [{ ...(under(10).lines[0] as Row), contractItemId: null }],
    });
    expect(noLine.httpStatus).toBe(400);
    expect(JSON.stringify(noLine.body)).toContain('选择了合同时请选择合同行');

    // A draft takes nothing; a submitted order takes its quantity, with tax (60 × 0.3 × 1.13).
    const first = await ok('srmPoHeader', 'saveOrUpdate', under(60));
    expect((await find(v1.contractId)).executedAmount).toBe(0);
    await ok('srmPoHeader', 'doSubmit', { poHeaderId: first.poHeaderId });
    const taken = await find(v1.contractId);
    expect(taken).toMatchObject({ executedAmount: 20.34, executedPercent: 8.28 });
    expect((taken.items as Row[]).map((line) => [line.executedQuantity, line.executedAmount])).toEqual([
      [60, 20.34],
      [0, 0],
    ]);
    // 50 more would take 110 of 100: refused, and the order stays a draft.
    const second = await ok('srmPoHeader', 'saveOrUpdate', under(50));
    const beyond = await call('srmPoHeader', 'doSubmit', { poHeaderId: second.poHeaderId });
    expect(beyond.httpStatus).toBe(422);
    expect(beyond.body.msg).toBe(
      `超出合同 ${String(v1.contractNumber)} 第 1 行的数量：合同数量 100，订单合计 110`,
    );
    expect((await ok('srmPoHeader', 'findById', { poHeaderId: second.poHeaderId })).status).toBe('DRAFT');
    expect(((await find(v1.contractId)).items as Row[])[0]!.executedQuantity).toBe(60);
    const fits = await ok('srmPoHeader', 'findById', { poHeaderId: second.poHeaderId });
    await ok('srmPoHeader', 'saveOrUpdate', {
      poHeaderId: fits.poHeaderId,
      versionNum: fits.versionNum,
      lines: [{ ...(under(40).lines[0] as Row), poLineId: (fits.lines as Row[])[0]!.poLineId }],
    });
    await ok('srmPoHeader', 'doSubmit', { poHeaderId: second.poHeaderId });
    expect(((await find(v1.contractId)).items as Row[])[0]!.executedQuantity).toBe(100);

    // An alteration keeps what was ordered: no line below it, none of the ordered lines removed.
    const v2 = await ok('srmCctContract', 'doAlteration', { contractId: v1.contractId });
    const itemsAt = (quantity: number) => itemBodies(v2.items, (index) => (index === 0 ? { quantity } : {}));
    const below = await call('srmCctContract', 'saveOrUpdate', {
      contractId: v2.contractId,
      versionNum: v2.versionNum,
      items: itemsAt(80),
    });
    expect(below.httpStatus).toBe(400);
    expect(JSON.stringify(below.body)).toContain('合同第 1 行的数量不能低于已执行数量 100');
    const more = await ok('srmCctContract', 'saveOrUpdate', {
      contractId: v2.contractId,
      versionNum: v2.versionNum,
      items: itemsAt(150),
      changeReason: '追加螺钉',
      changeRationale: 'QUANTITY',
    });
    await advance(more.contractId, 'SIGNING');
    const altered = await effective(more.contractId);
    // The orders moved to the new version's line: it counts them, the old one nothing.
    expect(altered.executedAmount).toBe(33.9);
    expect((altered.items as Row[])[0]).toMatchObject({ executedQuantity: 100, quantity: 150 });
    expect((await find(v1.contractId)).executedAmount).toBe(0);
    const moved = await ok('srmPoHeader', 'findById', { poHeaderId: first.poHeaderId });
    expect((moved.lines as Row[])[0]).toMatchObject({
      contractId: altered.contractId,
      contractNumber: altered.contractNumber,
    });

    // Termination waits for the orders under it; a cancelled order takes nothing back.
    const terminate = { contractId: altered.contractId, terminateReason: '需求取消', paidAmount: 0 };
    const open = await call('srmCctContract', 'doTerminate', terminate);
    expect(open.httpStatus).toBe(422);
    expect(open.body.msg).toContain('合同下还有 2 张未关闭的订单');
    for (const order of [first, second]) {
      await approvePo(order.poHeaderId);
      await ok('srmPoHeader', 'doCancel', { poHeaderId: order.poHeaderId });
    }
    expect((await find(altered.contractId)).executedAmount).toBe(0);
    await ok('srmCctContract', 'doTerminate', terminate);
    // The execution view (合同执行视图) lists signed contracts only, with their figures.
    const view = await ok<Row[]>('srmCctContract', 'listByPage', {
      status: ['EFFECTIVE', 'TERMINATING', 'TERMINATED', 'EXPIRED'],
      pageRows: 200,
    });
    expect(view.find((row) => row.contractId === altered.contractId)).toMatchObject({
      status: 'TERMINATING',
      executedAmount: 0,
      paidAmount: 0,
    });
    expect(view.filter((row) => row.status === 'DRAFT' || row.status === 'SUPERSEDED')).toEqual([]);
  });
});

/** A draft order body to supplier A of 60 screws at 0.30 under the contract's screw line. */
const screwsUnder = (contract: Row) => ({
  billTypeId: ids.poType,
  orgId: ids.orgA,
  supplierId: ids.supA,
  currencyId: ids.currency,
  orderDate: '2027-01-05',
  lines: [
    {
      lineNum: 1,
      itemId: ids.screw,
      quantity: 60,
      unitPriceExclTax: 0.3,
      needByDate: '2027-02-10',
      contractId: contract.contractId,
      contractItemId: (contract.items as Row[])[0]!.contractItemId,
    },
  ],
});

describe('a price agreement from a contract', () => {
  it("drafts the agreement of an effective contract's prices once, for the buyer only", async () => {
    const draft = await contractIn('APPROVED');
    const early = await call('srmCctContract', 'createAgreement', { contractId: draft.contractId });
    expect(early.httpStatus).toBe(409);
    expect(early.body.msg).toBe(`合同 ${String(draft.contractNumber)} 未生效，不能生成价格协议`);

    const saved = await contractIn('SIGNING');
    const found = await effective(saved.contractId);
    const key = { contractId: saved.contractId };
    expect((await call('srmCctContract', 'createAgreement', key, suppliers.a)).httpStatus).toBe(403);
    const made = await call('srmCctContract', 'createAgreement', key);
    expect(made.body.msg).toMatch(/^已生成价格协议 AGR\d+（草稿）/);
    const drafted = made.body.data as Row;
    expect(drafted).toMatchObject({
      status: 'DRAFT',
      supplierId: ids.supA,
      orgId: ids.orgA,
      currencyId: ids.currency,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      sourceNum: found.contractNumber,
    });
    expect(
      (drafted.lines as Row[]).map((line) => [line.itemId, Number(line.unitPrice), Number(line.taxRate)]),
    ).toEqual([
      [ids.screw, 0.3, 13],
      [ids.bracket, 6.25, 13],
    ]);
    // Asked again: the same agreement, nothing made twice.
    const again = await call('srmCctContract', 'createAgreement', key);
    expect(again.body.msg).toBe(`该合同已生成过价格协议 ${String(drafted.agreementNumber)}`);
    expect((again.body.data as Row).agreementId).toBe(drafted.agreementId);
    const agreements = await ok<Row[]>('srmPurAgreement', 'listByPage', { pageRows: 500 });
    expect(agreements.filter((row) => row.sourceNum === found.contractNumber)).toHaveLength(1);
  });
});

describe('contract execution at once', () => {
  it('lets only one of two orders submitted together take the last of a line', async () => {
    const signed = await effective(
      (await contractIn('SIGNING', { executionControl: 'QUANTITY' })).contractId,
    );
    const draft = () => ok('srmPoHeader', 'saveOrUpdate', screwsUnder(signed));
    const orders = [await draft(), await draft()];
    const answers = await Promise.all(
      orders.map((order) => call('srmPoHeader', 'doSubmit', { poHeaderId: order.poHeaderId })),
    );
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['E', 'S']);
    expect(((await find(signed.contractId)).items as Row[])[0]!.executedQuantity).toBe(60);
  });
});

describe('mould and sample fee refunds', () => {
  it('come due when the named line received enough, are told once, and are settled or waived by the buyer', async () => {
    const refunds = [
      {
        lineNum: 1,
        feeType: 'MOULD',
        feeAmount: 5000,
        conditionType: 'QUANTITY',
        itemLineNum: 1,
        thresholdQuantity: 50,
      },
      { lineNum: 2, feeType: 'SAMPLE', feeAmount: 300, conditionType: 'DATE', refundDate: '2099-12-31' },
      {
        lineNum: 3,
        feeType: 'MOULD',
        feeAmount: 1200,
        conditionType: 'QUANTITY',
        itemLineNum: 1,
        thresholdQuantity: 50,
      },
    ];
    const unknown = await call(
      'srmCctContract',
      'saveOrUpdate',
      contractBody({ refunds: [{ ...refunds[0], itemLineNum: 9 }] }),
    );
    expect(unknown.httpStatus).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('第 1 行返还关联的合同行 9 不存在');
    const signed = await effective((await contractIn('SIGNING', { refunds })).contractId);
    const order = await ok('srmPoHeader', 'saveOrUpdate', screwsUnder(signed));
    await ok('srmPoHeader', 'doSubmit', { poHeaderId: order.poHeaderId });
    const states = async () =>
      ((await find(signed.contractId)).refunds as Row[]).map((line) => [
        line.refundStatus,
        line.receivedQuantity,
      ]);
    const refundWarnings = async () =>
      (
        await ok<Row[]>('srmCctWarning', 'listByPage', {
          contractId: signed.contractId,
          warningKind: 'REFUND_DUE',
        })
      ).map((row) => row.warningStatus);
    // 40 received of 50: not yet.
    const receive = (quantity: number) =>
      server()
        .runtime.executor()
        .execute(
          sql`update srm_po_line set received_quantity = ${quantity} where po_header_id = ${order.poHeaderId}`,
        );
    await receive(40);
    await runExecutable(server(), contractWarningsProgram);
    expect(await states()).toEqual([
      ['PENDING', 40],
      ['PENDING', 0],
      ['PENDING', 40],
    ]);
    await receive(55);
    await runExecutable(server(), contractWarningsProgram);
    expect(await states()).toEqual([
      ['DUE', 55],
      ['PENDING', 0],
      ['DUE', 55],
    ]);
    expect(await refundWarnings()).toEqual(['OPEN', 'OPEN']);
    const [mould, sample, tool] = (await find(signed.contractId)).refunds as Row[];
    const settle = (line: Row, outcome: string, actor?: Row) =>
      call(
        'srmCctContract',
        'settleRefund',
        { contractId: signed.contractId, contractRefundId: line.contractRefundId, outcome },
        actor,
      );
    // The supplier settles nothing; a refund not yet due is waived, never refunded.
    expect((await settle(mould!, 'REFUNDED', suppliers.a)).httpStatus).toBe(403);
    expect((await settle(sample!, 'REFUNDED')).httpStatus).toBe(409);
    expect((await settle(mould!, 'REFUNDED')).body.status).toBe('S');
    expect((await settle(sample!, 'WAIVED')).body.status).toBe('S');
    expect((await settle(mould!, 'WAIVED')).httpStatus).toBe(409);
    // 转扣款: a due fee the buyer paid becomes a deduction issued to the supplier, once.
    const deduct = (line: Row, actor?: Row) =>
      call(
        'srmStlDeduction',
        'fromContractRefund',
        { contractId: signed.contractId, contractRefundId: line.contractRefundId },
        actor,
      );
    expect((await deduct(tool!, suppliers.a)).httpStatus).toBe(403);
    expect((await deduct(sample!)).httpStatus).toBe(409);
    const made = await ok<{ deductionId: number; deductionNumber: string }>(
      'srmStlDeduction',
      'fromContractRefund',
      { contractId: signed.contractId, contractRefundId: tool!.contractRefundId },
    );
    expect((await deduct(tool!)).httpStatus).toBe(409);
    const issued = await ok('srmStlDeduction', 'findById', { deductionId: made.deductionId }, suppliers.a);
    expect(issued).toMatchObject({
      status: 'ISSUED',
      deductionType: 'CONTRACT_REFUND',
      amount: 1200,
      sourceNumber: signed.contractNumber,
      reason: `合同 ${String(signed.contractNumber)} 第 3 行模具费返还`,
    });
    expect(
      (await call('srmStlDeduction', 'findById', { deductionId: made.deductionId }, suppliers.b)).httpStatus,
    ).toBe(404);
    const toolLine = ((await find(signed.contractId)).refunds as Row[])[2]!;
    expect(toolLine).toMatchObject({ refundStatus: 'DEDUCTED', deductionNumber: made.deductionNumber });
    expect((await states()).map(([state]) => state)).toEqual(['REFUNDED', 'WAIVED', 'DEDUCTED']);
    await runExecutable(server(), contractWarningsProgram);
    expect(await refundWarnings()).toEqual(['CLOSED', 'CLOSED']);
  });
});

describe('contract templates and documents', () => {
  it('refuses a template whose tags are unknown or not closed, naming each', async () => {
    const broken = await upload(
      'broken.docx',
      templateDocx(
        wordParagraph(wordRun('{deliveryTerms}')) + wordParagraph(wordRun('{#stages}{stageName}')),
      ),
    );
    const answer = await call('srmCctTemplate', 'saveOrUpdate', {
      templateCode: 'TPL-BAD',
      templateName: '有误的模板',
      bodyFileIds: String(broken),
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.msg).toContain('（共 2 处问题）');
    // Each problem is listed for the form with its tag and where it stands.
    const details = JSON.stringify(answer.body.data);
    expect(details).toContain('模板变量 deliveryTerms 不在变量字典中');
    expect(details).toMatch(/循环 stages 没有结束标签 \{\/stages\}（位置 \d+）/);
    const english = await call(
      'srmCctTemplate',
      'saveOrUpdate',
      {
        templateCode: 'TPL-BAD',
        templateName: 'broken',
        bodyFileIds: String(await upload('b.docx', templateDocx(wordParagraph(wordRun('{x}'))))),
      },
      undefined,
      'EN',
    );
    expect(english.body.msg).toContain('The variable x is not in the dictionary');
    const pdf = await call('srmCctTemplate', 'saveOrUpdate', {
      templateCode: 'TPL-PDF',
      templateName: '不是 Word',
      bodyFileIds: String(await upload('t.pdf')),
    });
    expect(pdf.httpStatus).toBe(400);
    expect(pdf.body.msg).toContain('.docx');
  });

  it('gives a contract without stages that picks it its default stages, split from the total', async () => {
    const body = async (ratios: number[]) => ({
      templateCode: 'TPL-STAGES',
      templateName: '分期付款采购合同',
      bodyFileIds: String(await upload('stages.docx', templateDocx())),
      stages: ratios.map((ratio, index) => ({
        stageNum: index + 1,
        stageName: ['预付款', '到货款', '质保金'][index],
        milestone: ['SIGNING', 'DELIVERY', 'WARRANTY_END'][index],
        ratio,
        paymentMethod: 'TRANSFER',
        daysAfter: 30,
      })),
    });
    const uneven = await call('srmCctTemplate', 'saveOrUpdate', await body([30, 60, 5]));
    expect(uneven.httpStatus).toBe(400);
    expect(uneven.body.msg).toBe('默认付款阶段的比例合计须为 100%，当前为 95%');
    const saved = await ok('srmCctTemplate', 'saveOrUpdate', await body([30, 60, 10]));
    await ok('srmCctTemplate', 'doSubmit', { templateId: saved.templateId });
    await decide('srmCctTemplate', saved.templateId);

    // Without stages of its own: the template's, 245.78 split 30/60/10, the last taking the rest.
    const bare = await ok(
      'srmCctContract',
      'saveOrUpdate',
      contractBody({ templateId: saved.templateId, stages: [] }),
    );
    expect(
      ((await find(bare.contractId)).stages as Row[]).map((stage) => [
        stage.stageNum,
        stage.stageName,
        stage.milestone,
        Number(stage.ratio),
        Number(stage.stageAmount),
        stage.paymentMethod,
        stage.daysAfter,
        stage.stageStatus,
      ]),
    ).toEqual([
      [1, '预付款', 'SIGNING', 30, 73.73, 'TRANSFER', 30, 'NOT_ARRIVED'],
      [2, '到货款', 'DELIVERY', 60, 147.47, 'TRANSFER', 30, 'NOT_ARRIVED'],
      [3, '质保金', 'WARRANTY_END', 10, 24.58, 'TRANSFER', 30, 'NOT_ARRIVED'],
    ]);
    // A contract with stages of its own keeps them.
    const own = await ok('srmCctContract', 'saveOrUpdate', contractBody({ templateId: saved.templateId }));
    expect(((await find(own.contractId)).stages as Row[]).map((stage) => Number(stage.ratio))).toEqual([
      33.33, 33.33, 33.34,
    ]);
    // The template's next version starts with its stages.
    const v2 = await ok('srmCctTemplate', 'doAlteration', { templateId: saved.templateId });
    expect((v2.stages as Row[]).map((stage) => Number(stage.ratio))).toEqual([30, 60, 10]);
  });

  it("gives a contract without clauses its template's clause slots at the versions in effect, and holds it to them", async () => {
    const payment = await effectiveClause('PAY-SLOT');
    const dispute = await effectiveClause('DSP-SLOT');
    const quality = await effectiveClause('QLT-SLOT');
    const template = await ok('srmCctTemplate', 'saveOrUpdate', {
      templateCode: 'TPL-SLOTS',
      templateName: '条款位采购合同',
      bodyFileIds: String(await upload('slots.docx', templateDocx())),
      clauses: [
        { sequenceNum: 1, termsId: payment.termsId, requiredFlag: 'Y', editableFlag: 'Y' },
        { sequenceNum: 2, termsId: quality.termsId, requiredFlag: 'N', editableFlag: 'Y' },
        { sequenceNum: 3, termsId: dispute.termsId, requiredFlag: 'Y', editableFlag: 'N' },
      ],
    });
    await ok('srmCctTemplate', 'doSubmit', { templateId: template.templateId });
    await decide('srmCctTemplate', template.templateId);
    // The payment clause moves to version 2 after the template was approved: a contract takes it.
    const v2 = await ok('srmCctTerms', 'doAlteration', {
      termsId: payment.termsId,
      changeReason: '改为月结',
    });
    await ok('srmCctTerms', 'saveOrUpdate', {
      termsId: v2.termsId,
      versionNum: v2.versionNum,
      termsBody: '<p>按月结算，合同总价{amountInclTax}元。</p>',
    });
    await ok('srmCctTerms', 'doSubmit', { termsId: v2.termsId });
    await decide('srmCctTerms', v2.termsId);

    const made = await ok(
      'srmCctContract',
      'saveOrUpdate',
      contractBody({ templateId: template.templateId }),
    );
    const clauses = (await find(made.contractId)).clauses as Row[];
    expect(clauses.map((clause) => [clause.sequenceNum, clause.termsId, clause.termsVersion])).toEqual([
      [1, v2.termsId, 2],
      [2, quality.termsId, 1],
      [3, dispute.termsId, 1],
    ]);
    expect(clauses[0]).toMatchObject({
      termsBody: '<p>按月结算，合同总价{amountInclTax}元。</p>',
      libraryBody: '<p>按月结算，合同总价{amountInclTax}元。</p>',
    });

    // The payment clause dropped and the dispute clause reworded: refused, each named.
    const saved = await find(made.contractId);
    const [pay, qual, disp] = clauses;
    await ok('srmCctContract', 'saveOrUpdate', {
      contractId: made.contractId,
      versionNum: saved.versionNum,
      clauses: [
        { contractClauseId: qual!.contractClauseId },
        { contractClauseId: disp!.contractClauseId, termsBody: '<p>提交仲裁委员会仲裁。</p>' },
      ],
    });
    const refused = await call('srmCctContract', 'doSubmit', { contractId: made.contractId });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toBe(
      '合同缺少模板“条款位采购合同”要求的条款“付款条款”，请恢复后再提交（共 2 处问题）',
    );
    expect(JSON.stringify(refused.body)).toContain('不允许修改，请恢复为条款库原文后再提交');
    // Put back (the optional quality clause may go): it is submitted.
    const again = await find(made.contractId);
    await ok('srmCctContract', 'saveOrUpdate', {
      contractId: made.contractId,
      versionNum: again.versionNum,
      clauses: [
        { sequenceNum: 1, termsId: pay!.termsId, termsTitle: pay!.termsTitle, termsBody: pay!.termsBody },
        { contractClauseId: disp!.contractClauseId, termsBody: disp!.libraryBody },
      ],
    });
    await ok('srmCctContract', 'doSubmit', { contractId: made.contractId });
    // The template's next version keeps its slots.
    const next = await ok('srmCctTemplate', 'doAlteration', { templateId: template.templateId });
    expect(
      (next.clauses as Row[]).map((slot) => [slot.termsId, slot.requiredFlag, slot.editableFlag]),
    ).toEqual([
      [payment.termsId, 'Y', 'Y'],
      [quality.termsId, 'N', 'Y'],
      [dispute.termsId, 'Y', 'N'],
    ]);
  });

  it('fills a contract from its template version, keeps the file’s hash, and takes the supplier’s revision', async () => {
    const saved = await ok('srmCctTemplate', 'saveOrUpdate', {
      templateCode: 'TPL-STD',
      templateName: '标准采购合同',
      bodyFileIds: String(await upload('standard.docx', templateDocx())),
      signs: [
        { party: 'PARTY_A', sealKind: 'ORG_SEAL', pageNum: -1, posX: 60, posY: 80, width: 200, height: 80 },
        { party: 'PARTY_B', sealKind: 'ORG_SEAL', pageNum: -1, posX: 320, posY: 80, width: 200, height: 80 },
      ],
    });
    expect(saved.variables).toContain('items.itemName');
    await ok('srmCctTemplate', 'doSubmit', { templateId: saved.templateId });
    await decide('srmCctTemplate', saved.templateId);

    const clause = await effectiveClause('PAY-T02');
    const made = await ok(
      'srmCctContract',
      'saveOrUpdate',
      contractBody({
        templateId: saved.templateId,
        clauses: [
          { sequenceNum: 1, termsId: clause.termsId, termsTitle: '付款', termsBody: clause.termsBody },
        ],
      }),
    );
    expect(made.templateVersion).toBe(1);
    const generated = await ok('srmCctContract', 'generateDocument', { contractId: made.contractId });
    const [document] = generated.documents as Row[];
    expect(document).toMatchObject({ versionNo: 1, documentKind: 'GENERATED', authorSide: 'internal' });
    const file = await download(document!.fileIds, { userId: 1, userName: 'buyer1' });
    expect(file.status).toBe(200);
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(document!.sha256);
    const xml = docxPart(file.bytes, 'word/document.xml');
    expect(xml).toContain(`采购合同 ${String(made.contractNumber)}`);
    expect(xml).toContain('合同总价：245.78 元（大写：贰佰肆拾伍元柒角捌分）');
    // The clause's own tags are filled with the contract's values.
    expect(xml).toContain('合同总价为245.78元（大写：贰佰肆拾伍元柒角捌分）');
    expect(xml.match(/<w:tr[ >]/g)).toHaveLength(3);

    // Version 2 of the template takes effect; the contract keeps version 1.
    const v2 = await ok('srmCctTemplate', 'doAlteration', { templateId: saved.templateId });
    expect(v2).toMatchObject({ templateVersion: 2, status: 'DRAFT' });
    expect(v2.bodyFileIds).not.toBe(saved.bodyFileIds);
    expect((v2.signs as Row[]).length).toBe(2);
    await ok('srmCctTemplate', 'doSubmit', { templateId: v2.templateId });
    await decide('srmCctTemplate', v2.templateId);
    expect((await ok('srmCctTemplate', 'findById', { templateId: saved.templateId })).status).toBe(
      'SUPERSEDED',
    );
    expect((await find(made.contractId)).templateVersion).toBe(1);

    // Sent to supplier A, which uploads a revision with a tracked change.
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doSubmit', key);
    await decide('srmCctContract', made.contractId);
    await ok('srmCctContract', 'doSendConfirm', key);
    const revised = docxOf({
      body: wordParagraph(
        wordRun('交货期：'),
        trackedInsertion('陈晓梅', '2026-12-02T10:00:00Z', '收到订单后15天'),
      ),
    });
    const fromA = await upload('修订稿.docx', revised, suppliers.a);
    const fromB = await upload('修订稿.docx', revised, suppliers.b);
    // Supplier B can neither revise A's contract nor lend A its file.
    expect(
      (await call('srmCctContract', 'uploadRevision', { ...key, fileIds: String(fromB) }, suppliers.b))
        .httpStatus,
    ).toBe(404);
    expect(
      (await call('srmCctContract', 'uploadRevision', { ...key, fileIds: String(fromB) }, suppliers.a))
        .httpStatus,
    ).toBe(404);
    const withRevision = await ok(
      'srmCctContract',
      'uploadRevision',
      { ...key, fileIds: String(fromA), remark: '交货期修改' },
      suppliers.a,
    );
    const revision = (withRevision.documents as Row[]).find((row) => row.versionNo === 2);
    expect(revision).toMatchObject({ documentKind: 'REVISION', authorSide: 'supplier', trackedChanges: 1 });
    // The buyer reads the supplier's revision, byte for byte.
    const read = await download(revision!.fileIds, { userId: 1, userName: 'buyer1' });
    expect(createHash('sha256').update(read.bytes).digest('hex')).toBe(revision!.sha256);
    // A file already filed is not filed twice; a PDF is not a revision.
    expect(
      (await call('srmCctContract', 'uploadRevision', { ...key, fileIds: String(fromA) }, suppliers.a))
        .httpStatus,
    ).toBe(409);
    const notWord = await call(
      'srmCctContract',
      'uploadRevision',
      { ...key, fileIds: String(await upload('x.pdf', undefined, suppliers.a)) },
      suppliers.a,
    );
    expect(notWord.httpStatus).toBe(400);
    // 比较修订稿: the revision against the generated document, its tracked insertion accepted.
    const compared = await ok<{ changed: number; paragraphs: Row[]; from: Row; to: Row }>(
      'srmCctContract',
      'compareDocuments',
      key,
    );
    expect(compared.from).toMatchObject({ versionNo: 1, documentKind: 'GENERATED' });
    expect(compared.to).toMatchObject({ versionNo: 2, documentKind: 'REVISION', trackedChanges: 1 });
    expect(compared.paragraphs).toContainEqual({ kind: 'added', after: '交货期：收到订单后15天' });
    expect(compared.changed).toBeGreaterThan(0);
    for (const supplier of [suppliers.a, suppliers.b])
      expect((await call('srmCctContract', 'compareDocuments', key, supplier)).httpStatus).toBe(403);
    const unknownDocument = await call('srmCctContract', 'compareDocuments', {
      ...key,
      toDocumentId: 999999,
    });
    expect(unknownDocument.httpStatus).toBe(404);
    // No new generation once sent.
    expect((await call('srmCctContract', 'generateDocument', key)).httpStatus).toBe(409);
  });
});

describe('simplified contracts', () => {
  it('take an uploaded PDF as their text and are finalized with it as it is, fields added', async () => {
    const pdf = Buffer.from(await contractPdf(1, 5));
    // An ordinary contract's text is a Word document.
    const plain = await ok('srmCctContract', 'saveOrUpdate', contractBody());
    const refused = await call('srmCctContract', 'uploadRevision', {
      contractId: plain.contractId,
      fileIds: String(await upload('简易合同.pdf', pdf)),
    });
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.msg).toBe('修订稿须为 Word 文档（.docx）');

    const made = await ok('srmCctContract', 'saveOrUpdate', contractBody({ simplifiedFlag: 'Y' }));
    const key = { contractId: made.contractId };
    const withText = await ok('srmCctContract', 'uploadRevision', {
      ...key,
      fileIds: String(await upload('简易合同.pdf', pdf)),
    });
    expect((withText.documents as Row[])[0]).toMatchObject({
      documentKind: 'REVISION',
      fileName: '简易合同.pdf',
    });
    // The simplified list shows it, not the other.
    const listed = await ok<Row[]>('srmCctContract', 'listByPage', { simplifiedFlag: 'Y', pageRows: 100 });
    expect(listed.map((row) => row.contractId)).toContain(made.contractId);
    expect(listed.map((row) => row.contractId)).not.toContain(plain.contractId);

    await advance(made.contractId, 'SIGNING');
    const finalized = ((await find(made.contractId)).documents as Row[]).find(
      (row) => row.documentKind === 'FINALIZED',
    )!;
    const bytes = (await download(finalized.fileIds)).bytes;
    // The uploaded PDF unchanged, with the parties' fields appended in an update.
    expect(bytes.subarray(0, pdf.length).equals(pdf)).toBe(true);
    expect(await new PdfSigner().fieldNames(bytes)).toEqual(['party_a_seal', 'party_b_seal']);
    // Nothing to compare: its text is no Word document.
    expect((await call('srmCctContract', 'compareDocuments', key)).httpStatus).toBe(409);
  });
});

describe('contract warnings', () => {
  /** `yyyy-MM-dd`, `days` from the test server's today. */
  const day = (days: number) =>
    new Date(server().clock.nowMs() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  const warnings = async (contractId: unknown, actor?: Row) =>
    (await ok<Row[]>('srmCctWarning', 'listByPage', { contractId, pageRows: 50 }, actor))
      .map((row) => [row.warningKind, row.stageName ?? null, row.warningStatus, row.threshold ?? null])
      .sort();

  it('opens one row per contract, kind and stage, tells once, and closes what no longer holds', async () => {
    const signing = await contractIn('SIGNING', {
      effectiveFrom: day(-30),
      effectiveTo: day(5),
      stages: [
        { stageNum: 1, stageName: '预付款', milestone: 'SIGNING', ratio: 30, plannedDate: day(3) },
        { stageNum: 2, stageName: '到货款', milestone: 'DELIVERY', ratio: 60, plannedDate: day(-2) },
        { stageNum: 3, stageName: '质保金', milestone: 'WARRANTY_END', ratio: 10, plannedDate: day(200) },
      ],
    });
    const key = { contractId: signing.contractId };
    const current = await find(signing.contractId);
    await ok('srmCctContract', 'saveOrUpdate', {
      ...key,
      versionNum: current.versionNum,
      signedScanIds: String(await upload('signed.pdf')),
    });
    await ok('srmCctContract', 'doSignPaper', key);

    await runExecutable(server(), contractWarningsProgram);
    const second = await runExecutable(server(), contractWarningsProgram);
    expect(second).toMatch(/^0 opened, 0 told again, 0 closed/);
    expect(await warnings(signing.contractId)).toEqual([
      ['EXPIRING', null, 'OPEN', 7],
      ['STAGE_DUE', '预付款', 'OPEN', 7],
      ['STAGE_OVERDUE', '到货款', 'OPEN', null],
    ]);
    // Supplier A reads its own; supplier B nothing of them.
    expect(await warnings(signing.contractId, suppliers.a)).toHaveLength(3);
    expect(
      await ok<Row[]>('srmCctWarning', 'listByPage', { contractId: signing.contractId }, suppliers.b),
    ).toEqual([]);
    const [one] = await ok<Row[]>(
      'srmCctWarning',
      'listByPage',
      { contractId: signing.contractId },
      suppliers.a,
    );
    expect(
      (await call('srmCctWarning', 'findById', { warningId: one!.warningId }, suppliers.b)).httpStatus,
    ).toBe(404);
    // Written by the program only.
    const write = await call('srmCctWarning', 'saveOrUpdate', {
      warningId: one!.warningId,
      versionNum: one!.versionNum,
      warningStatus: 'CLOSED',
    });
    expect(write.body.status, write.body.msg).toBe('E');
    expect((await warnings(signing.contractId)).filter((row) => row[2] === 'CLOSED')).toEqual([]);

    // The first stage paid: its warning closes.
    const runtime = server().runtime;
    const data = dataApi(
      { actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: runtime.clock.now() },
      'test',
    );
    const [first] = await data.list(contractStage, { contractId: Number(signing.contractId), stageNum: 1 });
    await data.patch(contractStage, first!.contractStageId, {
      stageStatus: 'COMPLETED',
      paidAmount: first!.stageAmount,
    });
    expect(await runExecutable(server(), contractWarningsProgram)).toMatch(
      /0 opened, 0 told again, 1 closed/,
    );
    expect((await warnings(signing.contractId))[1]).toEqual(['STAGE_DUE', '预付款', 'CLOSED', 7]);

    // Five days on: the last threshold; a week on, the contract has ended and expires.
    server().clock.travel(5 * 86_400_000);
    try {
      expect(await runExecutable(server(), contractWarningsProgram)).toMatch(/0 opened, 1 told again/);
      expect((await warnings(signing.contractId))[0]).toEqual(['EXPIRING', null, 'OPEN', 0]);
      server().clock.travel(2 * 86_400_000);
      await runExecutable(server(), contractWarningsProgram);
      expect((await find(signing.contractId)).status).toBe('EXPIRED');
      expect((await warnings(signing.contractId)).filter((row) => row[2] === 'OPEN')).toEqual([
        ['EXPIRED', null, 'OPEN', null],
      ]);
    } finally {
      server().clock.travel(-7 * 86_400_000);
    }
  });

  it('run every day at 06:00 as a job, with the rules the program holds as its defaults', async () => {
    const runtime = server().runtime;
    // Queued when the server started: one run waiting, at the next 06:00 in the company's zone.
    const queued = (await runtime
      .executor()
      .execute(
        sql`select start_after from pgboss.job where name = ${WARNINGS_QUEUE} and state = 'created'`,
      )) as unknown as { rows: { start_after: string | Date }[] };
    expect(queued.rows).toHaveLength(1);
    const at = new Date(queued.rows[0]!.start_after);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: runtime.timeZone,
      hour: '2-digit',
      minute: '2-digit',
    }).format(at);
    expect(local).toBe('06:00');
    expect(at.getTime() - Date.now()).toBeGreaterThan(0);
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    // The program with its defaults (stage due 7 days ahead); a stage due in three days.
    await server().seed(seedsNamed(contractServer.seeds, 'programs'));
    const signing = await contractIn('SIGNING', {
      effectiveFrom: day(-10),
      effectiveTo: day(300),
      stages: [
        { stageNum: 1, stageName: '预付款', milestone: 'DATE', ratio: 30, plannedDate: day(3) },
        { stageNum: 2, stageName: '尾款', milestone: 'DATE', ratio: 70, plannedDate: day(200) },
      ],
    });
    const current = await find(signing.contractId);
    await ok('srmCctContract', 'saveOrUpdate', {
      contractId: signing.contractId,
      versionNum: current.versionNum,
      signedScanIds: String(await upload('signed.pdf')),
    });
    await ok('srmCctContract', 'doSignPaper', { contractId: signing.contractId });
    const services = { runtime, jobs: server().jobs, log: () => {} } as unknown as BackgroundServices;
    await runDailyWarnings(services);
    expect(await warnings(signing.contractId)).toEqual([['STAGE_DUE', '预付款', 'OPEN', 7]]);

    // An administrator makes it one day ahead: the next day's run closes the warning.
    const system = dataApi(
      { actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: runtime.clock.now() },
      'test',
    ).system('the test changes a program parameter');
    await system.patchWhere(programParam, { paramName: 'stageDueDays' }, { defaultValue: '1' });
    expect(await runDailyWarnings(services)).toMatch(/^0 opened, 0 told again, [1-9]\d* closed/);
    expect(await warnings(signing.contractId)).toEqual([['STAGE_DUE', '预付款', 'CLOSED', 7]]);
    // Each run queues the next: still one waiting.
    expect(await server().jobs.waiting(WARNINGS_QUEUE)).toBe(1);
  });

  it('warns when orders took 90 % of a contract and when they took more than all of it', async () => {
    const signed = await effective((await contractIn('SIGNING')).contractId);
    const [screwLine, bracketLine] = signed.items as Row[];
    const orderOf = async (screws: number, brackets: number) => {
      const saved = await ok('srmPoHeader', 'saveOrUpdate', {
        billTypeId: ids.poType,
        orgId: ids.orgA,
        supplierId: ids.supA,
        currencyId: ids.currency,
        orderDate: '2027-01-05',
        lines: [
          [ids.screw, screws, 0.3, screwLine],
          [ids.bracket, brackets, 6.25, bracketLine],
        ]
          .filter(([, quantity]) => Number(quantity) > 0)
          .map(([itemId, quantity, unitPriceExclTax, line], index) => ({
            lineNum: index + 1,
            itemId,
            quantity,
            unitPriceExclTax,
            needByDate: '2027-02-10',
            contractId: signed.contractId,
            contractItemId: (line as Row).contractItemId,
          })),
      });
      await ok('srmPoHeader', 'doSubmit', { poHeaderId: saved.poHeaderId });
      return saved;
    };
    const executed = async () =>
      (await ok<Row[]>('srmCctWarning', 'listByPage', { contractId: signed.contractId, pageRows: 50 }))
        .filter((row) => String(row.warningKind).startsWith('EXECUTED'))
        .map((row) => [row.warningKind, row.warningStatus, row.executedPercent])
        .sort();
    // The whole contract ordered (245.78 of 245.78); no control, so 10 brackets more pass too.
    await orderOf(100, 30);
    await runExecutable(server(), contractWarningsProgram);
    expect(await executed()).toEqual([['EXECUTED_HIGH', 'OPEN', 100]]);
    const extra = await orderOf(0, 10);
    expect((await find(signed.contractId)).executedAmount).toBe(316.41);
    await runExecutable(server(), contractWarningsProgram);
    expect(await executed()).toEqual([
      ['EXECUTED_HIGH', 'CLOSED', 100],
      ['EXECUTED_OVER', 'OPEN', 128.74],
    ]);
    // The extra order cancelled: back to 100 %.
    await approvePo(extra.poHeaderId);
    await ok('srmPoHeader', 'doCancel', { poHeaderId: extra.poHeaderId });
    await runExecutable(server(), contractWarningsProgram);
    expect(await executed()).toEqual([
      ['EXECUTED_HIGH', 'OPEN', 100],
      ['EXECUTED_OVER', 'CLOSED', 128.74],
    ]);
  });
});
