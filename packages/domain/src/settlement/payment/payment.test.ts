// Payment applications over real HTTP on a real database: a matched invoice paid less an advance
// and an acknowledged deduction, approved, then 付款 sent twenty times at once — one payment, one
// balanced posting, each source moved once; nothing left to pay twice; the other supplier sees none
// of it.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { TEST_ACTOR_HEADER, readPdf, runExecutable, waitFor } from '@srm/platform/testing';
import { contractWarningsProgram } from '../../contract/area.server';
import { supplierBlacklist } from '../../supplier';
import { useProcurement } from '../../procurement.testing';
import { type Row, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ids, call, ok, suppliers, server } = fixture;
const { approved, matchedInvoice } = settlementHelpers(fixture);
const P = 'srmStlPaymentHeader';
const account = () => ({ supplierId: ids.supA, orgId: ids.orgA, currencyId: ids.currency });
const applied = () => ({ ...account(), applyDate: '2026-12-14' });

const balanceOf = async (actor = suppliers.a) =>
  ((await ok<Row[]>('srmStlLedger', 'balance', { orgId: ids.orgA }, actor))[0]?.balance as number) ?? 0;

describe('a payment application', () => {
  it('pays an invoice less an advance and a deduction, once, under twenty 付款 at once', async () => {
    const bill = await matchedInvoice('2026-12-11', '24322000000000000001');
    expect(bill).toMatchObject({ status: 'MATCHED', amountInclTax: 77.41 });

    // An advance of 20.00, approved and paid: posted once, Dr advances / Cr bank.
    const adv = await ok('srmStlAdvance', 'saveOrUpdate', { ...applied(), amount: 20, reason: '备料预付' });
    await approved('srmStlAdvance', 'advanceId', adv.advanceId);
    await ok('srmStlAdvance', 'doPay', { advanceId: adv.advanceId, versionNum: undefined });

    // A deduction of 5.00 the supplier acknowledges; supplier B never sees it.
    const ded = await ok('srmStlDeduction', 'saveOrUpdate', {
      ...account(),
      deductionDate: '2026-12-13',
      deductionType: 'QUALITY_CLAIM',
      amount: 5,
      reason: '来料不良挑选费',
    });
    expect(
      (await call('srmStlDeduction', 'findById', { deductionId: ded.deductionId }, suppliers.a)).httpStatus,
    ).toBe(404);
    await ok('srmStlDeduction', 'doIssue', { deductionId: ded.deductionId });
    expect(
      (await call('srmStlDeduction', 'findById', { deductionId: ded.deductionId }, suppliers.b)).httpStatus,
    ).toBe(404);
    await ok('srmStlDeduction', 'doAcknowledge', { deductionId: ded.deductionId }, suppliers.a);

    // 选择待付来源: the account's open invoice, advance and deduction, for the buyer only.
    const open = await ok<Row[]>(P, 'openSources', account());
    expect(open.map((source) => [source.sourceType, source.number, source.openAmount])).toEqual([
      ['INVOICE', bill.invoiceNumber, 77.41],
      ['ADVANCE', adv.advanceNumber, 20],
      ['DEDUCTION', ded.deductionNumber, 5],
    ]);
    expect((await call(P, 'openSources', account(), suppliers.a)).httpStatus).toBe(403);

    const lines = (advanceAmount: number) => [
      { lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount: 77.41 },
      { lineNum: 2, sourceType: 'ADVANCE', advanceId: adv.advanceId, amount: advanceAmount },
      { lineNum: 3, sourceType: 'DEDUCTION', deductionId: ded.deductionId, amount: 5 },
    ];
    // More of the advance than was paid is refused, with what is open.
    const over = await call(P, 'saveOrUpdate', { ...applied(), lines: lines(25) }, undefined, 'EN');
    expect(over.httpStatus).toBe(400);
    expect(JSON.stringify(over.body)).toContain('only 20.00');
    const saved = await ok(P, 'saveOrUpdate', { ...applied(), lines: lines(20) });
    expect(saved).toMatchObject({
      invoiceAmount: 77.41,
      advanceAmount: 20,
      deductionAmount: 5,
      payAmount: 52.41,
    });
    // In approval, its sources are held: another application cannot take them.
    await approved(P, 'paymentId', saved.paymentId);
    const again = await call(P, 'saveOrUpdate', { ...applied(), lines: lines(20).slice(0, 1) });
    expect(again.httpStatus).toBe(400);
    // The supplier sees its approved payment; supplier B does not.
    expect((await ok(P, 'findById', { paymentId: saved.paymentId }, suppliers.a)).status).toBe('APPROVED');
    expect((await call(P, 'findById', { paymentId: saved.paymentId }, suppliers.b)).httpStatus).toBe(404);

    const before = await balanceOf();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(P, 'doPay', { paymentId: saved.paymentId, bankReference: 'CMB20261211001' }),
      ),
    );
    expect(answers.filter((answer) => answer.body.status === 'S')).toHaveLength(1);
    expect(answers.every((answer) => answer.httpStatus < 500)).toBe(true);
    const paid = await ok(P, 'findById', { paymentId: saved.paymentId }, suppliers.a);
    expect(paid.status).toBe('PAID');
    // 打印: the application with its lines and the amount to pay in capitals, for either side;
    // supplier B cannot print it.
    const printed = async (layout: 'CN' | 'EN', actor = suppliers.a) => {
      const file = await ok<{ fileName: string; content: string }>(
        P,
        'printPdf',
        { paymentId: saved.paymentId, layout },
        actor,
      );
      return {
        fileName: file.fileName,
        text: (await readPdf(Buffer.from(file.content, 'base64'))).map((page) => page.text).join('\n'),
      };
    };
    const cn = await printed('CN', undefined);
    expect(cn.fileName).toBe(`${String(saved.paymentNumber)}.pdf`);
    for (const text of [
      '付款申请单',
      String(saved.paymentNumber),
      '人民币伍拾贰元肆角壹分',
      '52.41',
      '77.41',
      String(ded.deductionNumber),
    ])
      expect(cn.text).toContain(text);
    expect((await printed('EN')).text).toContain('Payment application');
    expect((await call(P, 'printPdf', { paymentId: saved.paymentId }, suppliers.b)).httpStatus).toBe(404);
    expect((await call(P, 'printPdf', { paymentId: saved.paymentId, layout: 'FR' })).httpStatus).toBe(400);
    const posted = (
      await ok<Row[]>('srmStlLedger', 'listByPage', { sourceType: 'PAYMENT', pageRows: 200 })
    ).filter((row) => row.sourceNumber === saved.paymentNumber);
    expect(posted.map((row) => [row.accountCode, row.debitAmount, row.creditAmount]).sort()).toEqual(
      [
        ['AP', 77.41, 0],
        ['BANK', 0, 52.41],
        ['ADVANCE', 0, 20],
        ['DEDUCTION', 0, 5],
      ].sort(),
    );
    // Each source moved once; the supplier's balance moved by the invoice paid.
    expect((await ok('srmStlInvoiceHeader', 'findById', { invoiceId: bill.invoiceId })).paidAmount).toBe(
      77.41,
    );
    expect(await ok('srmStlAdvance', 'findById', { advanceId: adv.advanceId })).toMatchObject({
      appliedAmount: 20,
      balance: 0,
    });
    expect((await ok('srmStlDeduction', 'findById', { deductionId: ded.deductionId })).appliedAmount).toBe(5);
    expect(Math.round((before - (await balanceOf())) * 100) / 100).toBe(77.41);
    // A payment made in error is reversed: a posting naming each row it reverses, the sources
    // open again, the balance back where it was; never an edit.
    await ok(P, 'doReverse', { paymentId: saved.paymentId, comment: '重复付款，银行退回' });
    const reversal = (
      await ok<Row[]>('srmStlLedger', 'listByPage', { sourceType: 'PAYMENT', pageRows: 200 })
    ).filter((row) => row.sourceNumber === saved.paymentNumber && row.reversesLedgerId !== null);
    expect(reversal.map((row) => [row.accountCode, row.debitAmount, row.creditAmount]).sort()).toEqual(
      [
        ['AP', 0, 77.41],
        ['BANK', 52.41, 0],
        ['ADVANCE', 20, 0],
        ['DEDUCTION', 5, 0],
      ].sort(),
    );
    expect((await ok('srmStlInvoiceHeader', 'findById', { invoiceId: bill.invoiceId })).paidAmount).toBe(0);
    expect((await ok('srmStlAdvance', 'findById', { advanceId: adv.advanceId })).balance).toBe(20);
    expect(await balanceOf()).toBe(before);
    expect((await call(P, 'doReverse', { paymentId: saved.paymentId, comment: '再次' })).httpStatus).toBe(
      409,
    );
    // The advance not applied is collected back from the supplier, once.
    await ok('srmStlAdvance', 'doCollect', { advanceId: adv.advanceId, comment: '合同取消，收回预付款' });
    expect(await ok('srmStlAdvance', 'findById', { advanceId: adv.advanceId })).toMatchObject({
      collectedAmount: 20,
      balance: 0,
    });
    expect(
      (await call('srmStlAdvance', 'doCollect', { advanceId: adv.advanceId, comment: '再次' })).httpStatus,
    ).toBe(422);
    // What was collected back cannot be applied to a payment any more.
    expect((await call(P, 'saveOrUpdate', { ...applied(), lines: lines(20) })).httpStatus).toBe(400);
    expect((await ok<Row[]>(P, 'openSources', account())).map((source) => source.sourceType)).not.toContain(
      'ADVANCE',
    );
    // Paid again for real; nothing of the invoice is then left to pay; supplier B learns nothing.
    const repaid = await ok(P, 'saveOrUpdate', { ...applied(), lines: lines(0).slice(0, 1) });
    await approved(P, 'paymentId', repaid.paymentId);
    await ok(P, 'doPay', { paymentId: repaid.paymentId });
    const twice = await call(P, 'saveOrUpdate', { ...applied(), lines: lines(0).slice(0, 1) });
    expect(twice.httpStatus).toBe(400);
    expect(await ok<Row[]>(P, 'listByPage', {}, suppliers.b)).toEqual([]);
    expect(await ok<Row[]>('srmStlLedger', 'balance', {}, suppliers.b)).toEqual([]);
  });

  it('refuses an application without an invoice, or whose advances and deductions exceed it', async () => {
    const bill = await matchedInvoice('2026-12-12', '24322000000000000002');
    const ded = await ok('srmStlDeduction', 'saveOrUpdate', {
      ...account(),
      deductionDate: '2026-12-13',
      deductionType: 'OTHER',
      amount: 100,
      reason: '模具维修费',
    });
    await ok('srmStlDeduction', 'doIssue', { deductionId: ded.deductionId });
    await ok('srmStlDeduction', 'doAcknowledge', { deductionId: ded.deductionId }, suppliers.a);
    const only = await ok(P, 'saveOrUpdate', {
      ...applied(),
      lines: [{ lineNum: 1, sourceType: 'DEDUCTION', deductionId: ded.deductionId, amount: 10 }],
    });
    expect((await call(P, 'doSubmit', { paymentId: only.paymentId })).httpStatus).toBe(422);
    const negative = await ok(P, 'saveOrUpdate', {
      ...applied(),
      lines: [
        { lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount: 50 },
        { lineNum: 2, sourceType: 'DEDUCTION', deductionId: ded.deductionId, amount: 60 },
      ],
    });
    expect(negative.payAmount).toBe(-10);
    const refused = await call(P, 'doSubmit', { paymentId: negative.paymentId }, undefined, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('exceed');
  });

  it("pays a contract's payable stage, never beyond it, completes it and closes its warning; a reversal opens it again", async () => {
    const day = (days: number) =>
      new Date(server().clock.nowMs() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const uom = async (itemId: number) =>
      (await ok<{ uomId: number }>('srmBaseItem', 'findById', { itemId })).uomId;
    // A contract with 恒达 (supplier A) signed on paper: its 30 % on signing is payable.
    const made = await ok('srmCctContract', 'saveOrUpdate', {
      contractName: '支架采购合同',
      ...account(),
      effectiveFrom: day(-10),
      effectiveTo: day(300),
      items: [
        {
          lineNum: 1,
          itemId: ids.screw,
          uomId: await uom(ids.screw),
          quantity: 100,
          unitPrice: 0.3,
          taxRate: 13,
        },
        {
          lineNum: 2,
          itemId: ids.bracket,
          uomId: await uom(ids.bracket),
          quantity: 30,
          unitPrice: 6.25,
          taxRate: 13,
        },
      ],
      stages: [
        { stageNum: 1, stageName: '预付款', milestone: 'SIGNING', ratio: 30, plannedDate: day(3) },
        { stageNum: 2, stageName: '到货款', milestone: 'DELIVERY', ratio: 70, plannedDate: day(60) },
      ],
    });
    const key = { contractId: made.contractId };
    await ok('srmCctContract', 'doSubmit', key);
    await decideAll(server().runtime, 'srmCctContract', Number(made.contractId), 'approve');
    await ok('srmCctContract', 'doSendConfirm', key);
    await ok('srmCctContract', 'doSupplierConfirm', key, suppliers.a);
    await ok('srmCctContract', 'doFinalize', key);
    await waitFor(
      () => ok('srmCctContract', 'findById', key),
      (row) => row.status === 'SIGNING',
    );
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'signed.pdf');
    const uploaded = await fetch(`${server().url}/api/file/v2/file/upload`, {
      method: 'POST',
      headers: { [TEST_ACTOR_HEADER]: JSON.stringify({ userId: 1, userName: 'buyer1' }) },
      body: form,
    });
    const scan = ((await uploaded.json()) as { data: { id: number }[] }).data[0]!.id;
    const signing = await ok('srmCctContract', 'findById', key);
    await ok('srmCctContract', 'saveOrUpdate', {
      ...key,
      versionNum: signing.versionNum,
      signedScanIds: String(scan),
    });
    await ok('srmCctContract', 'doSignPaper', key);
    const effective = await ok('srmCctContract', 'findById', key);
    const [first, second] = effective.stages as Row[];
    expect(effective.amountInclTax).toBe(245.78);
    expect([first!.stageStatus, first!.stageAmount, second!.stageStatus]).toEqual([
      'PENDING',
      73.73,
      'NOT_ARRIVED',
    ]);
    const dueWarnings = async () =>
      (
        await ok<Row[]>('srmCctWarning', 'listByPage', {
          contractId: made.contractId,
          warningKind: 'STAGE_DUE',
        })
      ).map((row) => row.warningStatus);
    await runExecutable(server(), contractWarningsProgram);
    expect(await dueWarnings()).toEqual(['OPEN']);

    // The delivery invoiced was ordered under the contract: the invoice counts against it.
    const bill = await matchedInvoice('2026-12-15', '24322000000000000003', async (statement) => {
      for (const line of statement.lines as Row[]) {
        const item = (effective.items as Row[]).find((candidate) => candidate.itemId === line.itemId)!;
        await server()
          .runtime.executor()
          .execute(
            sql`update srm_po_line set contract_id = ${made.contractId}, contract_item_id = ${item.contractItemId} where po_line_id = ${line.poLineId}`,
          );
      }
    });
    expect((await ok('srmCctContract', 'findById', key)).invoicedAmount).toBe(77.41);
    const stageLine = (contractStageId: unknown, amount: number) => ({
      ...applied(),
      lines: [{ lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount, contractStageId }],
    });
    // A stage not yet due, and more than the stage has, are refused, each saying why.
    const notDue = await call(P, 'saveOrUpdate', stageLine(second!.contractStageId, 10));
    expect(notDue.httpStatus).toBe(400);
    expect(JSON.stringify(notDue.body)).toContain('未到付款条件');
    const over = await call(P, 'saveOrUpdate', stageLine(first!.contractStageId, 77.41));
    expect(over.httpStatus).toBe(400);
    expect(JSON.stringify(over.body)).toContain('可付金额只剩 73.73');
    const saved = await ok(P, 'saveOrUpdate', stageLine(first!.contractStageId, 73.73));
    expect((saved.lines as Row[])[0]).toMatchObject({
      stageLabel: `${String(effective.contractNumber)} · 1 预付款`,
    });
    await approved(P, 'paymentId', saved.paymentId);
    // Held by the application in approval: another cannot take the same stage.
    const bill2 = await matchedInvoice('2026-12-16', '24322000000000000004');
    const held = await call(P, 'saveOrUpdate', {
      ...applied(),
      lines: [
        {
          lineNum: 1,
          sourceType: 'INVOICE',
          invoiceId: bill2.invoiceId,
          amount: 1,
          contractStageId: first!.contractStageId,
        },
      ],
    });
    expect(held.httpStatus).toBe(400);
    await ok(P, 'doPay', { paymentId: saved.paymentId, bankReference: 'CMB20261215001' });

    const stageOf = async () =>
      ((await ok('srmCctContract', 'findById', key, suppliers.a)).stages as Row[])[0]!;
    expect(await stageOf()).toMatchObject({ stageStatus: 'COMPLETED', paidAmount: 73.73 });
    // The contract keeps the sum (its execution view's 已付金额).
    expect((await ok('srmCctContract', 'findById', key)).paidAmount).toBe(73.73);
    await runExecutable(server(), contractWarningsProgram);
    expect(await dueWarnings()).toEqual(['CLOSED']);
    // Reversed: the stage is payable again, with nothing paid.
    await ok(P, 'doReverse', { paymentId: saved.paymentId, comment: '银行退回' });
    expect(await stageOf()).toMatchObject({ stageStatus: 'PENDING', paidAmount: 0 });
    expect((await ok('srmCctContract', 'findById', key)).paidAmount).toBe(0);
    // An alteration cannot take the total below what was invoiced.
    const v2 = await ok('srmCctContract', 'doAlteration', key);
    const cheaper = await call('srmCctContract', 'saveOrUpdate', {
      contractId: v2.contractId,
      versionNum: v2.versionNum,
      items: (v2.items as Row[]).map((line) => ({
        contractItemId: line.contractItemId,
        lineNum: line.lineNum,
        itemId: line.itemId,
        uomId: line.uomId,
        quantity: 1,
        unitPrice: line.unitPrice,
        taxRate: line.taxRate,
      })),
    });
    expect(cheaper.httpStatus).toBe(400);
    expect(JSON.stringify(cheaper.body)).toContain('变更后的合同金额不能低于已开票金额 77.41');
  });

  it('refuses to pay a supplier under a blacklist entry over payments, and to submit its advance or application', async () => {
    const forB = { supplierId: ids.supB, orgId: ids.orgA, currencyId: ids.currency, applyDate: '2026-12-15' };
    const paid = await ok('srmStlAdvance', 'saveOrUpdate', { ...forB, amount: 20, reason: '模具预付' });
    await approved('srmStlAdvance', 'advanceId', paid.advanceId);
    await ok('srmStlAdvance', 'doPay', { advanceId: paid.advanceId });
    const waiting = await ok('srmStlAdvance', 'saveOrUpdate', { ...forB, amount: 10, reason: '备料预付' });
    await approved('srmStlAdvance', 'advanceId', waiting.advanceId);

    // Blacklisted over payments only (orders and sourcing go on), approved.
    await server().runtime.transaction(async (tx) => {
      const data = dataApi(
        { actor: SYSTEM_ACTOR, runtime: server().runtime, tx, now: server().clock.now() },
        'test',
      );
      const entry = await data.save(supplierBlacklist, {
        supplierId: ids.supB,
        permanentFlag: 'Y',
        scopeSourcing: 'N',
        scopeOrder: 'N',
        scopePayment: 'Y',
        publicReason: '账户冻结',
        internalReason: '法院协助冻结通知书（2026）苏05执保 118 号',
      });
      await server()
        .runtime.service(supplierBlacklist.name)
        .writeSystemFields(SYSTEM_ACTOR, entry.blacklistId, { status: 'APPROVING' }, 'test');
      await data.act(supplierBlacklist, 'doApproval', [entry.blacklistId]);
    });
    const refused = (answer: { httpStatus: number; body: { status: string; msg: string } }) => {
      expect(answer.body.status, answer.body.msg).toBe('E');
      expect(answer.httpStatus).toBe(422);
      expect(answer.body.msg).toMatch(/在黑名单中（BL\d{12}），不能进行此业务$/);
      expect(answer.body.msg).not.toContain('执保');
    };
    refused(await call('srmStlAdvance', 'doPay', { advanceId: waiting.advanceId }));
    expect((await ok('srmStlAdvance', 'findById', { advanceId: waiting.advanceId })).status).toBe('APPROVED');
    const fresh = await ok('srmStlAdvance', 'saveOrUpdate', { ...forB, amount: 5, reason: '运费预付' });
    refused(await call('srmStlAdvance', 'doSubmit', { advanceId: fresh.advanceId }));
    // An application taking the advance paid before may be drafted, not submitted.
    const draft = await ok(P, 'saveOrUpdate', {
      ...forB,
      applyDate: '2026-12-16',
      lines: [{ lineNum: 1, sourceType: 'ADVANCE', advanceId: paid.advanceId, amount: 20 }],
    });
    refused(await call(P, 'doSubmit', { paymentId: draft.paymentId }));
    expect((await ok(P, 'findById', { paymentId: draft.paymentId })).status).toBe('DRAFT');
    // Supplier A is not touched by B's entry.
    const other = await ok('srmStlAdvance', 'saveOrUpdate', { ...applied(), amount: 5, reason: '运费预付' });
    await approved('srmStlAdvance', 'advanceId', other.advanceId);
  });
});
