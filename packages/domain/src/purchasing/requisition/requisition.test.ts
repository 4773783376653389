// Requisitions over real HTTP on a real database: lines, approval, the demand pool, copy and split,
// and requisition lines consumed by orders (never more than remains, also under concurrency).
import { describe, expect, it } from 'vitest';
import {
  type Row,
  approvedRequisition,
  call,
  decide,
  ids,
  ok,
  remainingOf,
  requisitionBody,
  usePurchasingServer,
} from '../purchasing.testing';

usePurchasingServer();

describe('requisitions', () => {
  it('copy material details onto lines and sum the estimated amount', async () => {
    const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody());
    expect(saved.requisitionNumber).toMatch(/^PR\d{8}\d{4}$/);
    expect(saved.totalAmount).toBe(292);
    expect(saved.lines![0]).toMatchObject({
      itemCode: '02030001',
      itemName: '内六角圆柱头螺钉 M6×20',
      remainingQuantity: 100,
      orderedQuantity: 0,
      demandStatus: 'PENDING',
    });
  });

  it('submit starts the approval; the approver rejects (with a comment), resubmit, approve: lines enter the demand pool', async () => {
    const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody());
    const id = { requisitionHeaderId: saved.requisitionHeaderId };
    const [submitted] = await ok<Row[]>('srmPurRequisitionHeader', 'doSubmit', id);
    expect(submitted!.status).toBe('SUBMITTED');
    const byHand = await call('srmPurRequisitionHeader', 'doApproval', id);
    expect(byHand.httpStatus).toBe(403);
    const noComment = await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doReject');
    expect(noComment.httpStatus).toBe(400);
    const rejected = await decide(
      'srmPurRequisitionHeader',
      saved.requisitionHeaderId,
      'doReject',
      '数量过大',
    );
    expect(rejected.body.status, rejected.body.msg).toBe('S');
    expect((await ok('srmPurRequisitionHeader', 'findById', id)).status).toBe('REJECTED');
    await ok('srmPurRequisitionHeader', 'doSubmit', id);
    await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doApprove');
    const approved = await ok('srmPurRequisitionHeader', 'findById', id);
    expect(approved.status).toBe('APPROVED');
    expect(approved.lines!.map((line) => line.demandStatus)).toEqual(['POOLED', 'POOLED']);
    const pool = await ok<Row[]>('srmPurRequisitionLine', 'listByPage', {
      demandStatus: 'POOLED',
      pageRows: 500,
    });
    expect(pool.some((line) => line.requisitionNumber === saved.requisitionNumber)).toBe(true);
  });

  it('an empty requisition cannot be submitted; an approved one is locked', async () => {
    const empty = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody({ lines: [] }));
    const refused = await call('srmPurRequisitionHeader', 'doSubmit', {
      requisitionHeaderId: empty.requisitionHeaderId,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('没有申请行');
    const approved = await approvedRequisition();
    const edit = await call('srmPurRequisitionHeader', 'saveOrUpdate', {
      requisitionHeaderId: approved.requisitionHeaderId,
      versionNum: approved.versionNum,
      title: '改标题',
    });
    expect(edit.httpStatus).toBe(409);
  });

  it('return, cancel and close move the demand pool with them', async () => {
    const returned = await approvedRequisition();
    const [back] = await ok<Row[]>('srmPurRequisitionHeader', 'doReturn', {
      requisitionHeaderId: returned.requisitionHeaderId,
      comment: '请补充规格',
    });
    expect(back!.status).toBe('RETURNED');
    expect(back!.lines!.every((line) => line.demandStatus === 'PENDING')).toBe(true);
    const [cancelled] = await ok<Row[]>('srmPurRequisitionHeader', 'doCancel', {
      requisitionHeaderId: returned.requisitionHeaderId,
    });
    expect(cancelled!.lines!.every((line) => line.demandStatus === 'CANCELLED')).toBe(true);
    const closing = await approvedRequisition();
    const [closed] = await ok<Row[]>('srmPurRequisitionHeader', 'doClose', {
      requisitionHeaderId: closing.requisitionHeaderId,
    });
    expect(closed!.status).toBe('CLOSED');
    expect(closed!.lines!.every((line) => line.demandStatus === 'CLOSED')).toBe(true);
    const order = await call('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: closed!.lines![0]!.requisitionLineId, quantity: 1 }],
    });
    expect(order.httpStatus).toBe(422);
    expect(order.body.msg).toContain('不在需求池中');
  });

  it('copy makes a new draft; split divides a line while the requisition is editable', async () => {
    const source = await approvedRequisition();
    const copy = await ok('srmPurRequisitionHeader', 'doCopy', {
      requisitionHeaderId: source.requisitionHeaderId,
    });
    expect(copy).toMatchObject({ status: 'DRAFT', sourceRequisitionNumber: source.requisitionNumber });
    expect(copy.requisitionNumber).not.toBe(source.requisitionNumber);
    expect(copy.lines!.map((line) => [line.quantity, line.demandStatus])).toEqual([
      [100, 'PENDING'],
      [40, 'PENDING'],
    ]);
    const split = await ok('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: copy.lines![0]!.requisitionLineId,
      quantity: 30,
    });
    expect(split.lines!.map((line) => [line.lineNum, line.itemCode, line.quantity])).toEqual([
      [1, '02030001', 30],
      [2, '02010001', 40],
      [3, '02030001', 70],
    ]);
    const tooMuch = await call('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: copy.lines![0]!.requisitionLineId,
      quantity: 30,
    });
    expect(tooMuch.httpStatus).toBe(400);
    const locked = await call('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: source.lines![0]!.requisitionLineId,
      quantity: 10,
    });
    expect(locked.httpStatus).toBe(409);
  });

  it('the demand summary sums pooled lines by material and organisation', async () => {
    await approvedRequisition();
    const summary = await ok<Row[]>('srmPurRequisitionHeader', 'listDemandSummary', {});
    const screws = summary.find((row) => row.itemId === ids.screw && row.orgId === ids.orgA)!;
    expect(screws.lineCount).toBeGreaterThan(0);
    expect(screws.remainingQuantity).toBeLessThanOrEqual(screws.quantity as number);
    const otherOrg = await ok<Row[]>(
      'srmPurRequisitionHeader',
      'listDemandSummary',
      {},
      { orgIds: [ids.orgB] },
    );
    expect(otherOrg).toEqual([]);
  });
});

describe('requisition lines become order lines', () => {
  it('partially, tracking what remains; more than remains is refused; cancel gives it back', async () => {
    const requisition = await approvedRequisition();
    const line = requisition.lines![0]!;
    const order = await ok('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: line.requisitionLineId, quantity: 30, unitPriceExclTax: 0.3 }],
    });
    expect(order).toMatchObject({ status: 'DRAFT', sourceType: 'REQUISITION', orgId: ids.orgA });
    expect(order.lines![0]).toMatchObject({ quantity: 30, itemCode: '02030001', needByDate: '2026-12-10' });
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 30,
      remainingQuantity: 70,
      demandStatus: 'POOLED',
    });
    const over = await call('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: line.requisitionLineId, quantity: 80 }],
    });
    expect(over.httpStatus).toBe(422);
    expect(over.body.msg).toBe(
      `采购申请 ${String(requisition.requisitionNumber)} 第 1 行剩余数量为 70，不能下单 80`,
    );
    // Editing the order line moves the consumption with it.
    const edited = await ok('srmPoHeader', 'saveOrUpdate', {
      poHeaderId: order.poHeaderId,
      versionNum: order.versionNum,
      lines: [{ poLineId: order.lines![0]!.poLineId, quantity: 100 }],
    });
    expect(edited.lines![0]!.quantity).toBe(100);
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      remainingQuantity: 0,
      demandStatus: 'ORDERED',
    });
    await ok('srmPoHeader', 'doCancel', { poHeaderId: order.poHeaderId });
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 0,
      remainingQuantity: 100,
      demandStatus: 'POOLED',
    });
  });

  it('two concurrent conversions cannot take more than remains', async () => {
    const requisition = await approvedRequisition();
    const line = requisition.lines![0]!;
    const convert = () =>
      call('srmPoHeader', 'createFromRequisition', {
        supplierId: ids.supA,
        billTypeId: ids.poType,
        currencyId: ids.currency,
        lines: [{ requisitionLineId: line.requisitionLineId, quantity: 60 }],
      });
    const answers = await Promise.all([convert(), convert(), convert()]);
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 422, 422]);
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 60,
      remainingQuantity: 40,
    });
  });
});
