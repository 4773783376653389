// Delivery notices over real HTTP on a real database: the buyer calls off order lines, the
// supplier confirms and ships only what it confirmed, the buyer adjusts (never below what
// shipped), closes or cancels; another supplier never sees them.
import { describe, expect, it } from 'vitest';
import { useProcurement } from '../../procurement.testing';
import { asnBody } from '../delivery.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers } = useProcurement();
const { a: supA, b: supB } = suppliers;

describe('delivery notices', () => {
  async function issuedNotice(order: Row, quantity: number, extra: Row = {}): Promise<Row> {
    const saved = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: order.supplierId,
      orgId: order.orgId,
      shipToAddress: '苏州市吴中区东吴南路88号 1号仓库',
      receiverName: '王强',
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity, needByDate: '2026-12-05' }],
      ...extra,
    });
    // A draft does not exist for the supplier.
    expect(
      (await call('srmPurDeliveryNotice', 'findById', { noticeHeaderId: saved.noticeHeaderId }, supA))
        .httpStatus,
    ).toBe(404);
    const [issued] = await ok<Row[]>('srmPurDeliveryNotice', 'doIssue', {
      noticeHeaderId: saved.noticeHeaderId,
    });
    return issued!;
  }

  it('a line without an order line (a material or an agreement alone) is refused at creation, in both languages', async () => {
    const body = {
      supplierId: ids.supA,
      orgId: ids.orgA,
      lines: [{ lineNum: 1, quantity: 10, needByDate: '2026-12-05' }],
    };
    // The material comes from the order line: a client cannot name one.
    const withItem = { ...body, lines: [{ ...body.lines[0], itemId: ids.screw }] };
    expect((await call('srmPurDeliveryNotice', 'saveOrUpdate', withItem)).httpStatus).toBe(400);
    const cn = await call('srmPurDeliveryNotice', 'saveOrUpdate', body, undefined, 'CN');
    expect(cn.httpStatus).toBe(422);
    expect(cn.body.msg).toBe(
      '第 1 行：送货通知是对订单行的要货，请选择订单行（只填物料或协议的行无法据以送货）。',
    );
    const en = await call('srmPurDeliveryNotice', 'saveOrUpdate', body, undefined, 'EN');
    expect(en.body.msg).toBe(
      'Line 1: a delivery notice calls off an order line; choose the order line (a line with only a material or an agreement cannot be shipped against).',
    );
    expect(
      await ok<Row[]>('srmPurDeliveryNotice', 'listByPage', { supplierId: ids.supA, status: 'DRAFT' }),
    ).toEqual([]);
  });

  it('the buyer calls off part of an order line; the supplier confirms less and ships only what it confirmed', async () => {
    const order = await releasedOrder();
    const notice = await issuedNotice(order, 50);
    expect(notice).toMatchObject({ status: 'ISSUED', supplierId: ids.supA, revisionNum: 0 });
    expect(String(notice.noticeNumber)).toMatch(/^DN\d{12}$/);
    expect(notice.lines![0]).toMatchObject({ itemCode: '02030001', poNumber: order.poNumber, quantity: 50 });
    const key = { noticeHeaderId: notice.noticeHeaderId };
    // Supplier B does not see it, cannot confirm it or ship it.
    expect((await call('srmPurDeliveryNotice', 'findById', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurDeliveryNotice', 'doConfirm', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurDeliveryNotice', 'createAsn', key, supB)).httpStatus).toBe(404);
    // The buyer does not confirm for the supplier.
    expect((await call('srmPurDeliveryNotice', 'doConfirm', key)).httpStatus).toBe(403);
    // The supplier's answer on the line: 40 by 12-06; more than asked is refused at confirmation.
    const line = notice.lines![0]!;
    const answer = (confirmedQuantity: number, versionNum: unknown) =>
      call(
        'srmPurDeliveryNotice',
        'saveOrUpdate',
        {
          ...key,
          versionNum,
          lines: [{ noticeLineId: line.noticeLineId, confirmedQuantity, promisedDate: '2026-12-06' }],
        },
        supA,
      );
    const over = await answer(60, notice.versionNum);
    expect(over.body.status, over.body.msg).toBe('S');
    const refused = await call('srmPurDeliveryNotice', 'doConfirm', key, supA, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('cannot exceed the quantity called off (50)');
    const answered = await answer(40, (over.body.data as Row).versionNum);
    expect(answered.body.status, answered.body.msg).toBe('S');
    // Nothing ships before the supplier confirms.
    const early = await call('srmPurDeliveryNotice', 'createAsn', key, supA);
    expect(early.httpStatus).toBe(422);
    const [confirmed] = await ok<Row[]>('srmPurDeliveryNotice', 'doConfirm', key, supA);
    expect(confirmed!.status).toBe('CONFIRMED');
    expect(confirmed!.lines![0]).toMatchObject({ confirmedQuantity: 40, promisedDate: '2026-12-06' });
    // A delivery note from the notice ships what remains: 40.
    const note = await ok('srmPurDeliveryNotice', 'createAsn', { ...key, shipDate: '2026-12-04' }, supA);
    expect(note.lines!.map((l) => [l.poLineId, l.deliveryNoticeLineId, l.shipQuantity])).toEqual([
      [line.poLineId, line.noticeLineId, 40],
    ]);
    expect(note.shipToAddress).toBe('苏州市吴中区东吴南路88号 1号仓库');
    const after = await ok('srmPurDeliveryNotice', 'findById', key, supA);
    expect(after.lines![0]!.shippedQuantity).toBe(40);
    expect(await ok<Row[]>('srmPurDeliveryNotice', 'openNoticeLines', key, supA)).toEqual([]);
    // More than the notice leaves is refused, even though the order line has 60 more open.
    const extra = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: line.poLineId, shipQuantity: 1 }], {
        lines: [
          { lineNum: 1, poLineId: line.poLineId, deliveryNoticeLineId: line.noticeLineId, shipQuantity: 1 },
        ],
      }),
      supA,
      'EN',
    );
    expect(extra.httpStatus).toBe(422);
    expect(extra.body.msg).toBe(
      `Line 1 of delivery notice ${String(notice.noticeNumber)}: 1 exceeds the quantity still open (0).`,
    );
    // Shipped: cancel is refused, close is the way; a closed notice ships nothing.
    const cancel = await call('srmPurDeliveryNotice', 'doCancel', key, undefined, 'EN');
    expect(cancel.httpStatus).toBe(422);
    expect(cancel.body.msg).toContain('close it instead');
    // Cancelling the note gives the quantity back to the notice.
    await ok('srmPurAsnHeader', 'doCancel', { asnHeaderId: note.asnHeaderId }, supA);
    expect((await ok('srmPurDeliveryNotice', 'findById', key, supA)).lines![0]!.shippedQuantity).toBe(0);
    const [closed] = await ok<Row[]>('srmPurDeliveryNotice', 'doClose', key);
    expect(closed!.status).toBe('CLOSED');
    expect((await call('srmPurDeliveryNotice', 'createAsn', key, supA)).httpStatus).toBe(422);
  });

  it('adjusting: back to the buyer, never below what shipped; re-issued with a new revision', async () => {
    const order = await releasedOrder();
    const notice = await issuedNotice(order, 30);
    const key = { noticeHeaderId: notice.noticeHeaderId };
    await ok('srmPurDeliveryNotice', 'doConfirm', key, supA);
    await ok(
      'srmPurDeliveryNotice',
      'createAsn',
      { ...key, lines: [{ noticeLineId: notice.lines![0]!.noticeLineId, shipQuantity: 20 }] },
      supA,
    );
    const [adjusting] = await ok<Row[]>('srmPurDeliveryNotice', 'doAdjust', key);
    expect(adjusting!.status).toBe('ADJUSTING');
    // The supplier still sees it while the buyer adjusts, but cannot ship more meanwhile.
    expect((await call('srmPurDeliveryNotice', 'findById', key, supA)).httpStatus).toBe(200);
    const line = adjusting!.lines![0]!;
    const below = await call(
      'srmPurDeliveryNotice',
      'saveOrUpdate',
      {
        ...key,
        versionNum: adjusting!.versionNum,
        lines: [
          {
            noticeLineId: line.noticeLineId,
            lineNum: 1,
            poLineId: line.poLineId,
            quantity: 15,
            needByDate: '2026-12-05',
          },
        ],
      },
      undefined,
      'EN',
    );
    expect(below.httpStatus).toBe(400);
    expect(JSON.stringify(below.body)).toContain('cannot be below what has shipped (20)');
    const raised = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      ...key,
      versionNum: adjusting!.versionNum,
      lines: [
        {
          noticeLineId: line.noticeLineId,
          lineNum: 1,
          poLineId: line.poLineId,
          quantity: 45,
          needByDate: '2026-12-09',
        },
      ],
    });
    const [reissued] = await ok<Row[]>('srmPurDeliveryNotice', 'doIssue', {
      ...key,
      versionNum: raised.versionNum,
    });
    expect(reissued).toMatchObject({ status: 'ISSUED', revisionNum: 1 });
    // A notice never asks for more than the order line still has open (100 − 20 shipped + 20 of its own).
    const tooMuch = await call('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: order.supplierId,
      orgId: order.orgId,
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity: 81, needByDate: '2026-12-05' }],
    });
    expect(tooMuch.httpStatus).toBe(400);
    // Another supplier's order line cannot be called off from this supplier.
    const foreign = await call('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: ids.supB,
      orgId: order.orgId,
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity: 1, needByDate: '2026-12-05' }],
    });
    expect(foreign.httpStatus).toBe(422);
  });
});
