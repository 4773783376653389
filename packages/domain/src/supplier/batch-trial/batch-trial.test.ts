// Batch trials over the procure-to-receipt flow: a supplier under introduction cannot be ordered
// from until its trial starts; then the trial's materials, and only those, within the lot size (all
// its orders together) and without an approved-supplier-list entry; the trial reads the trial
// order's receipts (received,
// rejected at the dock); each evaluator gives only their own feedback; the result combines the
// feedback with the defect rate; approval writes the introduction's batch step, and the supplier
// cannot be ordered from again until it qualifies. Another supplier sees nothing of it.
import { describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { supplierActor, useProcurement } from '../../procurement.testing';
import { internalUsers, startedIntro } from '../../domain.testing';
import { batchResultOf } from './batch-trial.actions';
import { defectRateOf } from './batch-trial.receipts';

type Row = Record<string, unknown>;
type Trial = Row & {
  batchTrialId: number;
  versionNum: number;
  status: string;
  batchTrialNum: string;
  lines: (Row & { batchLineId: number })[];
  feedbacks: (Row & { feedbackId: number; evaluatorId: number; verdict: string })[];
};

const { ids, ok, call, approve, server } = useProcurement();
const users: Record<string, number> = {};
let supplierC = 0;
let introId = 0;
let fasteners = 0;
let trial: Trial;

const find = async (batchTrialId: number, actor?: Row) =>
  ok<Trial>('srmBatchTrial', 'findById', { batchTrialId }, actor);
const as = (key: string) => ({ userId: users[key]!, userName: key });
/** An evaluator's feedback on their own row (the others' sent unchanged). */
const judge = (key: string, row: number, verdict: string, feedback: string) =>
  call(
    'srmBatchTrial',
    'saveOrUpdate',
    {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      feedbacks: trial.feedbacks.map((item, index) => ({
        feedbackId: item.feedbackId,
        ...(index === row ? { verdict, feedback, feedbackDate: '2026-12-08' } : {}),
      })),
    },
    as(key),
  );
const act = (action: string, extra: Row = {}) =>
  call('srmBatchTrial', action, { batchTrialId: trial.batchTrialId, versionNum: trial.versionNum, ...extra });
/** The introduction with its supplier, category and organisation (as the form brings them). */
const triple = () => ({ introId, supplierId: supplierC, categoryId: fasteners, orgId: ids.orgA });
const orderOf = (quantity: number, itemId = ids.screw) => ({
  billTypeId: ids.poType,
  orgId: ids.orgA,
  supplierId: supplierC,
  currencyId: ids.currency,
  orderDate: '2026-12-01',
  lines: [{ lineNum: 1, itemId, quantity, unitPriceExclTax: 0.32, needByDate: '2026-12-05' }],
});

describe('the combined result', () => {
  it('passes when every mandatory evaluator passed and the lot is within the allowed defect rate', () => {
    const row = (mandatoryFlag: string, verdict: string) => ({ mandatoryFlag, verdict });
    expect(batchResultOf([row('Y', 'PASS'), row('N', 'FAIL')], 1.5, 2)).toBe('PASS');
    expect(batchResultOf([row('Y', 'PASS')], 2.01, 2)).toBe('FAIL');
    expect(batchResultOf([row('Y', 'FAIL')], 0, 5)).toBe('FAIL');
    expect([defectRateOf(48, 2), defectRateOf(3, 1), defectRateOf(0, 0)]).toEqual([4.17, 33.33, null]);
  });
});

describe('a batch trial serving an introduction', () => {
  it('keeps the supplier under introduction from orders until the trial starts', async () => {
    Object.assign(
      users,
      await internalUsers(server(), [
        ['qe', '质量工程师周'],
        ['mfg', '生产主管孙'],
      ]),
    );
    const scene = await ok<{ sceneId: number }>('srmSupplierIntroScene', 'saveOrUpdate', {
      sceneCode: 'T_BATCH',
      sceneName: '新物料试产',
      sceneType: 'NEW_MATERIAL',
      steps: [{ stepType: 'BATCH', requiredFlag: 'Y' }],
    });
    supplierC = (
      await ok<{ supplierId: number }>('srmSupplierInfo', 'saveOrUpdate', {
        supplierName: '常州永信包装材料有限公司',
        creditCode: '91320412MA1XK5TP2X',
        supplierType: 'PRODUCTION',
        contactName: '沈佳',
        contactMobile: '13915830003',
        contactEmail: 'shenjia@yongxin-pack.example.cn',
      })
    ).supplierId;
    fasteners = (await server().first<{ categoryId: number }>('srmBaseCategory', { categoryCode: '0203' }))
      .categoryId;
    introId = (
      await startedIntro(server(), {
        supplierId: supplierC,
        categoryId: fasteners,
        orgId: ids.orgA,
        sceneId: scene.sceneId,
      })
    ).introId;

    const early = await call('srmPoHeader', 'saveOrUpdate', orderOf(50));
    expect(early.httpStatus).toBe(422);
    expect(early.body.msg).toMatch(
      /^供应商 常州永信包装材料有限公司 向 .+ 供应物料 02030001 .+的资格为“引入中”，不是合格$/,
    );

    const outside = await call('srmBatchTrial', 'saveOrUpdate', {
      ...triple(),
      lines: [{ itemId: ids.bracket, trialQuantity: 10 }],
    });
    expect([outside.httpStatus, outside.body.msg]).toEqual([
      400,
      expect.stringMatching(/^试产物料：物料“.+”不属于本次引入的采购品类$/),
    ]);
    const saved = await ok<Trial>('srmBatchTrial', 'saveOrUpdate', {
      ...triple(),
      planStartDate: '2026-12-01',
      planEndDate: '2026-12-20',
      trialNote: '小批量 50 只装配验证，关注扭矩与防松性能',
      lines: [{ itemId: ids.screw, trialQuantity: 50 }],
    });
    trial = await find(saved.batchTrialId);
    expect(trial.batchTrialNum).toMatch(/^BT\d{12}$/);
    expect([trial.supplierId, trial.status, trial.lines[0]!.itemName]).toEqual([
      supplierC,
      'DRAFT',
      expect.any(String),
    ]);
    const noEvaluator = await act('doStart');
    expect([noEvaluator.httpStatus, noEvaluator.body.msg]).toEqual([
      422,
      '试产评价：请至少指定一名必须通过的评价人',
    ]);
    await ok('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      feedbacks: [
        { evaluatorRole: 'QUALITY', evaluatorId: users.qe, mandatoryFlag: 'Y' },
        { evaluatorRole: 'PRODUCTION', evaluatorId: users.mfg, mandatoryFlag: 'Y' },
      ],
    });
    trial = await find(trial.batchTrialId);
    const early2 = await judge('qe', 0, 'PASS', '提前评价');
    expect([early2.httpStatus, early2.body.msg]).toEqual([400, '试产评价：开始试产后才能填写评价结论']);
    expect(
      (
        await call(
          'srmBatchTrial',
          'findById',
          { batchTrialId: trial.batchTrialId },
          supplierActor(supplierC),
        )
      ).httpStatus,
    ).toBe(404);
    expect((await act('doStart')).body.status).toBe('S');
    trial = await find(trial.batchTrialId);
    expect(trial.status).toBe('TRIAL');
    expect((await find(trial.batchTrialId, supplierActor(supplierC))).status).toBe('TRIAL');
    // The lot stays as started: eligibility admits exactly it.
    const resized = await call('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      lines: [{ batchLineId: trial.lines[0]!.batchLineId, trialQuantity: 500 }],
    });
    expect([resized.httpStatus, resized.body.msg]).toEqual([
      403,
      '试产物料第 1 行，试产数量：字段“试产数量”在当前状态不可修改',
    ]);
    const added = await call('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      lines: [{ batchLineId: trial.lines[0]!.batchLineId }, { itemId: ids.bracket, trialQuantity: 5 }],
    });
    expect([added.httpStatus, added.body.msg]).toEqual([403, '试产物料：当前状态不能新增或删除行']);
    expect(
      (await call('srmBatchTrial', 'findById', { batchTrialId: trial.batchTrialId }, supplierActor(ids.supA)))
        .httpStatus,
    ).toBe(404);
  });

  it('admits a trial order of its materials within the lot, and no other order', async () => {
    const tooMany = await call('srmPoHeader', 'saveOrUpdate', orderOf(80));
    expect([tooMany.httpStatus, tooMany.body.msg]).toEqual([
      400,
      `订单行：物料“${String(trial.lines[0]!.itemName)}”的订购数量超出小批量试产 ${trial.batchTrialNum} 的试产数量 50`,
    ]);
    const other = await call('srmPoHeader', 'saveOrUpdate', orderOf(5, ids.bracket));
    expect(other.httpStatus).toBe(422);

    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderOf(50));
    const key = { poHeaderId: saved.poHeaderId };
    // The lot counts every order of the material since the trial was made, not each on its own.
    const second = await call('srmPoHeader', 'saveOrUpdate', orderOf(1));
    expect([second.httpStatus, second.body.msg]).toEqual([
      400,
      `订单行：物料“${String(trial.lines[0]!.itemName)}”的订购数量超出小批量试产 ${trial.batchTrialNum} 的试产数量 50：其他订单已订 50`,
    ]);
    const draftOrder = await call('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      poHeaderId: saved.poHeaderId,
    });
    expect([draftOrder.httpStatus, draftOrder.body.msg]).toEqual([
      400,
      `试产订单：订单 ${String(saved.poNumber)} 尚未发布，不能作为试产订单`,
    ]);
    await ok('srmPoHeader', 'doSubmit', key);
    await approve(saved.poHeaderId);
    await ok('srmPoHeader', 'doRelease', key);
    const linked = await call('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      poHeaderId: saved.poHeaderId,
    });
    expect(linked.body.status, linked.body.msg).toBe('S');
    trial = await find(trial.batchTrialId);
    expect(trial.poNumber).toBe(saved.poNumber);

    const notReceived = await act('doSubmit');
    expect([notReceived.httpStatus, notReceived.body.msg]).toEqual([
      422,
      `试产物料：试产物料“${String(trial.lines[0]!.itemName)}”尚未收货`,
    ]);

    // The supplier ships the lot; the buyer receives it, rejecting 2 at the dock.
    const order = await ok<Row & { lines: Row[] }>('srmPoHeader', 'findById', key);
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-03', lines: [{ poLineId: order.lines[0]!.poLineId, shipQuantity: 50 }] },
      supplierActor(supplierC),
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, supplierActor(supplierC));
    const draft = await ok<Row & { lines: Row[] }>('srmPurReceiveHeader', 'saveOrUpdate', {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-04',
      storageLocationId: ids.store,
    });
    const line = draft.lines[0]!;
    await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      receiveHeaderId: draft.receiveHeaderId,
      versionNum: draft.versionNum,
      lines: [
        {
          receiveLineId: line.receiveLineId,
          lineNum: 1,
          asnLineId: line.asnLineId,
          quantity: 50,
          rejectedQuantity: 2,
        },
      ],
    });
    await ok('srmPurReceiveHeader', 'doPost', { receiveHeaderId: draft.receiveHeaderId });

    expect((await act('doReadReceipts')).body.status).toBe('S');
    trial = await find(trial.batchTrialId);
    expect(
      trial.lines.map((l) => [l.orderedQuantity, l.receivedQuantity, l.rejectedQuantity, l.defectRate]),
    ).toEqual([[50, 50, 2, 4]]);
    expect([trial.receivedQuantity, trial.rejectedQuantity, trial.defectRate]).toEqual([50, 2, 4]);
  });

  it('takes each evaluator’s own feedback and combines it with the defect rate', async () => {
    const others = await judge('qe', 1, 'PASS', '替生产填写');
    expect(others.httpStatus).toBe(403);
    expect((await judge('qe', 0, 'PASS', '扭矩、盐雾均合格')).body.status).toBe('S');
    trial = await find(trial.batchTrialId);
    const pending = await act('doSubmit');
    expect([pending.httpStatus, pending.body.msg]).toEqual([
      422,
      '试产评价：生产评价人 生产主管孙 尚未给出评价结论',
    ]);
    expect((await judge('mfg', 1, 'PASS', '装配 48 只顺畅，2 只螺纹毛刺')).body.status).toBe('S');
    trial = await find(trial.batchTrialId);
    // 4 % rejected against none allowed: a failure, which needs a comment.
    const noComment = await act('doSubmit');
    expect([noComment.httpStatus, noComment.body.msg]).toEqual([
      422,
      '结论说明（供应商可见）：小批量试产不通过，请填写结论说明',
    ]);
    await ok('srmBatchTrial', 'saveOrUpdate', {
      batchTrialId: trial.batchTrialId,
      versionNum: trial.versionNum,
      maxDefectRate: 5,
      resultComment: '不良率 4%，在允许范围内；请改善螺纹毛刺',
    });
    trial = await find(trial.batchTrialId);
    expect((await act('doSubmit')).body.status).toBe('S');
    trial = await find(trial.batchTrialId);
    expect([trial.status, trial.batchResult]).toEqual(['APPROVING', 'PASS']);
  });

  it('writes the introduction’s batch step on approval and admits no more orders', async () => {
    await decideAll(server().runtime, 'srmBatchTrial', trial.batchTrialId, 'approve');
    const intro = await ok<Row & { steps: Row[] }>('srmSupplierIntro', 'findById', { introId });
    const step = intro.steps.find((s) => s.stepType === 'BATCH')!;
    expect([step.result, step.documentRef, step.resultComment]).toEqual([
      'PASS',
      trial.batchTrialNum,
      `小批量试产 ${trial.batchTrialNum}：通过，不良率 4%。不良率 4%，在允许范围内；请改善螺纹毛刺`,
    ]);
    const after = await call('srmPoHeader', 'saveOrUpdate', orderOf(10));
    expect(after.httpStatus).toBe(422);
    const read = await find(trial.batchTrialId, supplierActor(supplierC));
    expect([read.status, read.batchResult]).toEqual(['APPROVED', 'PASS']);
  });
});
