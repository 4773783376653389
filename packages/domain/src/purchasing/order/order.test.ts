// Orders over real HTTP on a real database: numbering and amounts, the approved supplier list, the
// supplier's line-by-line answer and the buyer's decision, closing lines, the PDF and the mail.
import { describe, expect, it } from 'vitest';
import {
  type Row,
  call,
  decide,
  fixture,
  ids,
  ok,
  orderBody,
  pdfText,
  releasedOrder,
  supplier,
  usePurchasingServer,
} from '../purchasing.testing';
import { api } from '@srm/platform/testing';
import { DEMO_SUPPLIERS } from '../../supplier/server';

usePurchasingServer();

describe('purchase orders', () => {
  it('number themselves and compute amounts from lines: quantity × price, tax', async () => {
    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    expect(saved.poNumber).toMatch(/^PO\d{8}\d{4}$/);
    expect(
      saved.lines!.map((l) => [l.amountExclTax, l.taxAmount, l.amountInclTax, l.unitPriceInclTax]),
    ).toEqual([
      [300, 39, 339, 0.339],
      [187.5, 24.38, 211.88, 7.0625],
    ]);
    expect(saved).toMatchObject({
      amountExclTax: 487.5,
      taxAmount: 63.38,
      amountInclTax: 550.88,
      supplierEmail: DEMO_SUPPLIERS[0]!.supplier.contactEmail,
      currencyCode: 'CNY',
    });
  });

  it('name their configuration data in the reader’s language: document type, unit, material', async () => {
    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const read = async (language: 'CN' | 'EN') => {
      const key = { poHeaderId: saved.poHeaderId };
      const found = await fixture.server.post<Row>(api('srmPoHeader', 'findById'), key, { language });
      const listed = await fixture.server.post<Row[]>(api('srmPoHeader', 'listByPage'), key, {
        language,
      });
      const lines = found.body.data.lines as Row[];
      return [found.body.data.billTypeName, listed.body.data[0]!.billTypeName, lines[0]!.uomName];
    };
    expect(await read('CN')).toEqual(['标准采购订单', '标准采购订单', '个']);
    expect(await read('EN')).toEqual(['Standard purchase order', 'Standard purchase order', 'Piece']);
    // A picker's keyword finds a material by its English name too.
    const found = await fixture.server.post<Row[]>(api('srmBaseItem', 'listByPage'), {
      keyword: 'cap screw',
    });
    expect(found.body.data.map((row) => row.itemCode)).toContain('02030001');
  });

  it('an order line picker finds the lines of an order by its number, within what the reader sees', async () => {
    const order = await releasedOrder();
    const byNumber = async (keyword: unknown, actor?: Parameters<typeof call>[3]) =>
      (await ok<Row[]>('srmPoLine', 'listByPage', { keyword, pageRows: 50 }, actor)).map((row) => [
        row.poNumber,
        row.lineNum,
      ]);
    const lines = [
      [order.poNumber, 1],
      [order.poNumber, 2],
    ];
    expect(await byNumber(order.poNumber)).toEqual(lines);
    expect(await byNumber(String(order.poNumber).slice(-6), supplier(ids.supA))).toEqual(lines);
    // Supplier B types supplier A's order number and learns nothing of it.
    expect(await byNumber(order.poNumber, supplier(ids.supB))).toEqual([]);
  });

  it('are refused for a supplier the approved supplier list does not name for the material', async () => {
    const notInLibrary = await call('srmPoHeader', 'saveOrUpdate', orderBody({ supplierId: ids.supB }));
    expect(notInLibrary.httpStatus).toBe(422);
    expect(notInLibrary.body.msg).toContain('宁波瑞丰电子科技有限公司');
    // Qualified in the library for sheet metal, but the approved supplier list names only the
    // bracket: the side panel is refused by the list, between two listed materials (the
    // materials are asked together: the answer still names the one refused).
    const panel = (await fixture.server.first<Row>('srmBaseItem', { itemCode: '02010002' })).itemId as number;
    const line = (lineNum: number, itemId: number) => ({
      lineNum,
      itemId,
      quantity: 1,
      unitPriceExclTax: 1,
      needByDate: '2026-12-10',
    });
    const notListed = await call(
      'srmPoHeader',
      'saveOrUpdate',
      orderBody({ lines: [line(1, ids.screw), line(2, panel), line(3, ids.bracket)] }),
    );
    expect(notListed.httpStatus).toBe(422);
    expect(notListed.body.msg).toContain('合格供应商清单');
    expect(notListed.body.msg).toContain('02010002');
    expect(notListed.body.msg).not.toMatch(/02030001|02010001/);
    const otherOrg = await call('srmPoHeader', 'saveOrUpdate', orderBody({ orgId: ids.orgB }));
    expect(otherOrg.httpStatus).toBe(422);
  });

  it('a supplier sees its own orders only once released, never a draft or another supplier’s', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const released = await releasedOrder();
    const a = supplier(ids.supA);
    const b = supplier(ids.supB);
    expect((await call('srmPoHeader', 'findById', { poHeaderId: draft.poHeaderId }, a)).httpStatus).toBe(404);
    expect((await call('srmPoHeader', 'findById', { poHeaderId: released.poHeaderId }, a)).httpStatus).toBe(
      200,
    );
    expect((await call('srmPoHeader', 'findById', { poHeaderId: released.poHeaderId }, b)).httpStatus).toBe(
      404,
    );
    const listA = await ok<Row[]>('srmPoHeader', 'listByPage', { pageRows: 500 }, a);
    expect(listA.some((row) => row.poHeaderId === released.poHeaderId)).toBe(true);
    expect(listA.every((row) => row.supplierId === ids.supA && row.status !== 'DRAFT')).toBe(true);
    expect(await ok<Row[]>('srmPoHeader', 'listByPage', { poHeaderId: released.poHeaderId }, b)).toEqual([]);
    const linesA = await ok<Row[]>('srmPoLine', 'listByPage', { poHeaderId: draft.poHeaderId }, a);
    expect(linesA).toEqual([]);
  });

  it('the supplier confirms one line and proposes a date on another; the buyer accepts', async () => {
    const order = await releasedOrder();
    const [first, second] = order.lines!;
    const a = supplier(ids.supA);
    const refused = await call(
      'srmPoHeader',
      'doSupplierConfirm',
      { poHeaderId: order.poHeaderId, lines: [{ poLineId: second!.poLineId, proposedDate: '2026-12-28' }] },
      a,
    );
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('第 2 行提出了变更');
    const byB = await call(
      'srmPoHeader',
      'doSupplierPropose',
      { poHeaderId: order.poHeaderId },
      supplier(ids.supB),
    );
    expect(byB.httpStatus).toBe(404);
    const byBuyer = await call('srmPoHeader', 'doSupplierConfirm', { poHeaderId: order.poHeaderId });
    expect(byBuyer.httpStatus).toBe(403);
    const [proposed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [
          { poLineId: first!.poLineId, promisedDate: '2026-12-09' },
          {
            poLineId: second!.poLineId,
            proposedDate: '2026-12-28',
            proposedQuantity: 25,
            supplierComment: '板材缺货',
          },
        ],
      },
      a,
    );
    expect(proposed!.status).toBe('CHANGE_PROPOSED');
    expect(proposed!.lines!.map((l) => [l.supplierConfirmStatus, l.promisedDate, l.proposedDate])).toEqual([
      ['CONFIRMED', '2026-12-09', null],
      ['PROPOSED', null, '2026-12-28'],
    ]);
    const [accepted] = await ok<Row[]>('srmPoHeader', 'doBuyerConfirm', { poHeaderId: order.poHeaderId });
    expect(accepted!.status).toBe('CONFIRMED');
    expect(accepted!.revisionNum).toBe(1);
    expect(accepted!.lines![1]).toMatchObject({
      supplierConfirmStatus: 'CONFIRMED',
      promisedDate: '2026-12-28',
      quantity: 25,
      amountExclTax: 156.25,
      proposedDate: null,
    });
    expect(accepted!.amountExclTax).toBe(456.25);
    const history = await ok(
      'srmPoHeader',
      'findById',
      { poHeaderId: order.poHeaderId, withHistory: true },
      a,
    );
    expect((history.history as Row[]).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['doRelease', 'doSupplierPropose', 'doBuyerConfirm']),
    );
  });

  it('the order page’s answer: the supplier saves dates on the lines, then proposes; nothing else is writable', async () => {
    const order = await releasedOrder();
    const [first, second] = order.lines!;
    const a = supplier(ids.supA);
    // What the edit page sends for the supplier: the key, the version and the answer fields.
    const answer = (lines: Row[]) => ({ poHeaderId: order.poHeaderId, versionNum: order.versionNum, lines });
    const saved = await ok(
      'srmPoHeader',
      'saveOrUpdate',
      answer([
        { poLineId: first!.poLineId, promisedDate: '2026-12-08' },
        { poLineId: second!.poLineId, proposedDate: '2026-12-30', supplierComment: '模具检修' },
      ]),
      a,
    );
    expect(saved.lines!.map((l) => [l.promisedDate, l.proposedDate, l.supplierComment])).toEqual([
      ['2026-12-08', null, null],
      [null, '2026-12-30', '模具检修'],
    ]);
    // The supplier cannot touch the buyer's fields, nor another supplier the answer.
    const price = await call(
      'srmPoHeader',
      'saveOrUpdate',
      { ...answer([{ poLineId: first!.poLineId, unitPriceExclTax: 0.01 }]), versionNum: saved.versionNum },
      a,
    );
    expect(price.httpStatus).toBe(403);
    expect(price.body.status).toBe('E');
    const byB = await call(
      'srmPoHeader',
      'saveOrUpdate',
      {
        ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-01' }]),
        versionNum: saved.versionNum,
      },
      supplier(ids.supB),
    );
    expect(byB.httpStatus).toBe(404);
    // The buyer does not answer for the supplier.
    const byBuyer = await call('srmPoHeader', 'saveOrUpdate', {
      ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-01' }]),
      versionNum: saved.versionNum,
    });
    expect(byBuyer.httpStatus).toBe(403);
    // The saved answer is used by the action without lines in its body.
    const [proposed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierPropose',
      { poHeaderId: order.poHeaderId },
      a,
    );
    expect(proposed!.status).toBe('CHANGE_PROPOSED');
    expect(proposed!.lines!.map((l) => l.supplierConfirmStatus)).toEqual(['CONFIRMED', 'PROPOSED']);
    // Once proposed, the answer is locked until the buyer decides.
    const late = await call(
      'srmPoHeader',
      'saveOrUpdate',
      {
        ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-02' }]),
        versionNum: proposed!.versionNum,
      },
      a,
    );
    expect(late.httpStatus).toBe(409);
  });

  it('the buyer rejects proposals: the order goes back to the supplier, who confirms as asked', async () => {
    const order = await releasedOrder();
    const a = supplier(ids.supA);
    await ok(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [{ poLineId: order.lines![0]!.poLineId, proposedQuantity: 900 }],
      },
      a,
    );
    const [rejected] = await ok<Row[]>('srmPoHeader', 'doBuyerReject', {
      poHeaderId: order.poHeaderId,
      comment: '数量不能减少',
    });
    expect(rejected!.status).toBe('RELEASED');
    expect(rejected!.lines!.map((l) => [l.supplierConfirmStatus, l.proposedQuantity, l.quantity])).toEqual([
      ['PENDING', null, 1000],
      ['CONFIRMED', null, 30],
    ]);
    const [confirmed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierConfirm',
      { poHeaderId: order.poHeaderId },
      a,
    );
    expect(confirmed!.status).toBe('CONFIRMED');
    expect(confirmed!.lines!.map((l) => [l.supplierConfirmStatus, l.promisedDate])).toEqual([
      ['CONFIRMED', '2026-12-10'],
      ['CONFIRMED', '2026-12-20'],
    ]);
    expect(confirmed!.supplierConfirmDate).toEqual(expect.any(Number));
  });

  it('lines close and reopen; the last line closed closes the order, reopening opens it', async () => {
    const order = await releasedOrder();
    await ok('srmPoHeader', 'doSupplierConfirm', { poHeaderId: order.poHeaderId }, supplier(ids.supA));
    const [first, second] = order.lines!;
    const one = await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
    });
    expect(one.status).toBe('CONFIRMED');
    expect(one.lines!.map((l) => l.closedFlag)).toEqual(['Y', 'N']);
    const all = await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [second!.poLineId],
    });
    expect(all.status).toBe('CLOSED');
    const stale = await call('srmPoHeader', 'doOpenLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
      versionNum: one.versionNum,
    });
    expect(stale.httpStatus).toBe(409);
    const reopened = await ok('srmPoHeader', 'doOpenLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
    });
    expect(reopened.status).toBe('CONFIRMED');
    expect(reopened.lines!.map((l) => l.closedFlag)).toEqual(['N', 'Y']);
    const bySupplier = await call(
      'srmPoHeader',
      'doCloseLines',
      { poHeaderId: order.poHeaderId, poLineIds: [first!.poLineId] },
      supplier(ids.supA),
    );
    expect(bySupplier.body.status).toBe('E');
  });

  it('cancel works before release only; an approved order is locked', async () => {
    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const [approving] = await ok<Row[]>('srmPoHeader', 'doSubmit', { poHeaderId: saved.poHeaderId });
    expect(approving!.status).toBe('APPROVING');
    await decide('srmPoHeader', saved.poHeaderId, 'doApprove', '同意');
    const approved = await ok('srmPoHeader', 'findById', { poHeaderId: saved.poHeaderId });
    expect(approved.status).toBe('APPROVED');
    expect(approved.approvedDate).toEqual(expect.any(Number));
    const edit = await call('srmPoHeader', 'saveOrUpdate', {
      poHeaderId: saved.poHeaderId,
      versionNum: approved.versionNum,
      buyerName: '李四',
    });
    expect(edit.httpStatus).toBe(409);
    const released = await releasedOrder();
    const late = await call('srmPoHeader', 'doCancel', { poHeaderId: released.poHeaderId });
    expect(late.httpStatus).toBe(409);
    const [cancelled] = await ok<Row[]>('srmPoHeader', 'doCancel', { poHeaderId: saved.poHeaderId });
    expect(cancelled!.status).toBe('CANCELLED');
  });
});

describe('printing and mailing', () => {
  it('prints the order to PDF in the CN and EN layouts, with its number; only for who may read it', async () => {
    const order = await releasedOrder();
    const cn = await ok<{ fileName: string; content: string }>('srmPoHeader', 'printPdf', {
      poHeaderId: order.poHeaderId,
      layout: 'CN',
    });
    const cnBytes = Buffer.from(cn.content, 'base64');
    expect(cnBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const cnText = await pdfText(cnBytes);
    expect(cnText).toContain(String(order.poNumber));
    expect(cnText).toContain('采购订单');
    expect(cnText).toContain('内六角圆柱头螺钉');
    expect(cnText).toContain('恒达');
    const en = await ok<{ fileName: string; content: string }>(
      'srmPoHeader',
      'printPdf',
      { poHeaderId: order.poHeaderId, layout: 'EN' },
      supplier(ids.supA),
    );
    expect(en.fileName).toBe(`${String(order.poNumber)}-EN.pdf`);
    const enText = await pdfText(Buffer.from(en.content, 'base64'));
    expect(enText).toContain('PURCHASE ORDER');
    expect(enText).toContain(String(order.poNumber));
    const byB = await call('srmPoHeader', 'printPdf', { poHeaderId: order.poHeaderId }, supplier(ids.supB));
    expect(byB.httpStatus).toBe(404);
    const badLayout = await call('srmPoHeader', 'printPdf', { poHeaderId: order.poHeaderId, layout: 'FR' });
    expect(badLayout.httpStatus).toBe(400);
  });

  it('mails the printed order to the supplier; a draft cannot be sent', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const early = await call('srmPoHeader', 'doSendMail', { poHeaderId: draft.poHeaderId });
    expect(early.httpStatus).toBe(409);
    const order = await releasedOrder();
    const sent = await ok<{ to: string; status: string }>('srmPoHeader', 'doSendMail', {
      poHeaderId: order.poHeaderId,
    });
    const to = String(DEMO_SUPPLIERS[0]!.supplier.contactEmail);
    expect(sent).toEqual({ to, status: 'SENT' });
    const mail = fixture.mailbox.mails.find(
      (item) => item.to.includes(to) && item.raw.includes(`${String(order.poNumber)}.pdf`),
    );
    expect(mail).toBeDefined();
    const attachment = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!.raw);
    expect(attachment).not.toBeNull();
    const bytes = Buffer.from(attachment![1]!.replace(/\s+/g, ''), 'base64');
    expect(await pdfText(bytes)).toContain(String(order.poNumber));
  });
});
