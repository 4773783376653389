// Demo settlement: each demo supplier delivers small lots against its confirmed order on four
// earlier days, received by the warehouse; finance settles them as a statement per period — the
// oldest confirmed by the supplier (posted to its account) and invoiced — 恒达's invoice held on a
// price above the agreed one, 瑞丰's matched — the next disputed on one line, the
// next sent and awaiting the supplier, and the receipts of the receiving demo in a draft; then the
// account's balance confirmation, sent to 恒达 and disputed by 瑞丰.
// Written once, each step as its own user would (supplier users ship and answer, the buyer
// receives, finance generates and sends).
import {
  type Actor,
  type DataApi,
  SYSTEM_ACTOR,
  type SeedContext,
  dataApi,
  decideAll,
  defineSeed,
} from '@srm/platform';
import { formatDate } from '@srm/kernel';
import { asn } from '../delivery';
import { order } from '../purchasing';
import { receive } from '../receiving';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { advance } from './advance/advance.entity';
import { deduction } from './deduction/deduction.entity';
import { invoice } from './invoice/invoice.entity';
import { payment } from './payment/payment.entity';
import { rcn } from './rcn/rcn.entity';
import { draftFromStatement } from './invoice/invoice.support';
import { INVOICE_BY_ORDER_PROFILE } from './invoice/invoice.endpoints';
import { statement } from './statement/statement.entity';
import { generateStatements } from './statement/statement.generate';
import { OA_DEFINITIONS, oaDefinitionBody } from './oa/oa.definitions';

const api = (context: SeedContext, actor: Actor = SYSTEM_ACTOR): DataApi =>
  dataApi(
    { actor, runtime: context.runtime, tx: context.runtime.executor(), now: context.runtime.clock.now() },
    'seed',
  );

async function userApi(
  context: SeedContext,
  userName: string,
  extra: Partial<Actor> = {},
): Promise<DataApi | null> {
  const userId = await context.findId('baseUser', { userName });
  return userId === null
    ? null
    : api(context, { ...SYSTEM_ACTOR, system: false, userId, userName, ...extra });
}

/** A date some days from today, as a date field holds it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Lots delivered and received before the statements: days ago, and the period each falls in. */
const LOTS = [
  { days: -45, period: 0 },
  { days: -32, period: 1 },
  { days: -28, period: 1 },
  { days: -15, period: 2 },
] as const;
const PERIODS = [
  [-50, -40],
  [-35, -25],
  [-20, -10],
  [-5, 5],
] as const;

const statements = defineSeed('settlement.demo-statements', async (context) => {
  if ((await api(context).list(statement, {}, { limit: 1 })).length) return;
  const buyer = await userApi(context, 'buyer');
  const finance = await userApi(context, 'finance');
  if (!buyer || !finance) return;
  for (const demo of DEMO_SUPPLIERS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (supplierId === null) continue;
    const supplier = await userApi(context, demo.user.userName, { side: 'supplier', supplierId });
    if (!supplier) continue;
    const [confirmed] = await supplier.list(
      order,
      { supplierId, status: 'CONFIRMED' },
      { orderBy: [{ field: 'poHeaderId', order: 'desc' }], limit: 1 },
    );
    if (!confirmed) continue;
    const line = (await supplier.find(order, confirmed.poHeaderId)).lines[0]!;
    const lot = Math.max(1, Math.floor(line.quantity / 30));
    // Into the store the warehouse received this supplier's goods before.
    const [earlier] = await buyer.list(receive, { supplierId, receiveType: 'RECEIVE' }, { limit: 1 });
    for (const [index, { days }] of LOTS.entries()) {
      const note = await supplier.save(asn, {
        shipDate: day(days - 1),
        expectedArrivalDate: day(days),
        carrierName: '德邦物流',
        trackingNumber: `DB${String(supplierId).padStart(4, '0')}${String(index + 1).padStart(4, '0')}`,
        contactName: demo.user.userFullName,
        contactPhone: demo.user.mobile,
        lines: [{ lineNum: 1, poLineId: line.poLineId, shipQuantity: lot }],
      });
      await supplier.act(asn, 'doSubmit', [note.asnHeaderId]);
      const receipt = await buyer.save(receive, {
        receiveType: 'RECEIVE',
        asnHeaderId: note.asnHeaderId,
        receiveDate: day(days),
        storageLocationId: earlier?.storageLocationId ?? null,
        receiverName: '仓管 陈强',
      });
      await buyer.act(receive, 'doPost', [receipt.receiveHeaderId]);
    }
    const generate = async (period: number) => {
      const [from, to] = PERIODS[period]!;
      const [id] = await generateStatements(finance, {
        supplierId,
        orgId: confirmed.orgId,
        currencyId: confirmed.currencyId,
        periodStartDate: day(from),
        periodEndDate: day(to),
      });
      return id ?? null;
    };
    const settled = await generate(0);
    if (settled !== null) {
      await finance.act(statement, 'doSend', [settled]);
      await supplier.act(statement, 'doSupplierConfirm', [settled]);
      // 恒达 invoices it at a higher price than agreed: held for the buyer. 瑞丰 invoices it as
      // agreed: matched at once.
      const draft = await draftFromStatement(supplier, settled, {
        invoiceType: 'VAT_SPECIAL',
        invoiceCode: '3200231130',
        invoiceNumber: `${String(supplierId).padStart(4, '0')}0001`.slice(-8),
        invoiceDate: day(-38),
      });
      if (demo === DEMO_SUPPLIERS[0]) {
        const lines = draft.lines.map((row) => {
          const unitPriceExclTax = Math.round(row.unitPriceExclTax * 1.03 * 10000) / 10000;
          const amountExclTax = Math.round(row.quantity * unitPriceExclTax * 100) / 100;
          return {
            invoiceLineId: row.invoiceLineId,
            lineNum: row.lineNum,
            accountLineId: row.accountLineId,
            quantity: row.quantity,
            unitPriceExclTax,
            taxRate: row.taxRate,
            amountExclTax,
            taxAmount: Math.round(amountExclTax * row.taxRate) / 100,
          };
        });
        await supplier.save(invoice, {
          invoiceId: draft.invoiceId,
          versionNum: draft.versionNum,
          amountExclTax: lines.reduce((total, row) => Math.round((total + row.amountExclTax) * 100) / 100, 0),
          taxAmount: lines.reduce((total, row) => Math.round((total + row.taxAmount) * 100) / 100, 0),
          remark: '原材料涨价，按新单价开票',
          lines,
        });
      }
      await supplier.act(invoice, 'doSubmit', [draft.invoiceId]);
      await money(context, finance, supplier, demo === DEMO_SUPPLIERS[0], draft.invoiceId);
    }
    const disputed = await generate(1);
    if (disputed !== null) {
      await finance.act(statement, 'doSend', [disputed]);
      const lines = (await supplier.find(statement, disputed)).lines;
      await supplier.act(statement, 'doSupplierDispute', [disputed], {
        lines: lines.slice(-1).map((row) => ({
          accountLineId: row.accountLineId,
          supplierAnswer: 'DISPUTE',
          disputeReason: '该批按年度协议价结算，单价应下调 3%',
        })),
      });
    }
    const sent = await generate(2);
    if (sent !== null) await finance.act(statement, 'doSend', [sent]);
    await generate(3);
    // The account's balance confirmation of the last two months, approved and sent: 恒达's awaits
    // its answer; 瑞丰 disputes it with its own figure.
    const confirmation = await finance.save(rcn, {
      supplierId,
      orgId: confirmed.orgId,
      currencyId: confirmed.currencyId,
      periodStartDate: day(-60),
      // Ends today on the business's calendar, as the postings are dated.
      periodEndDate: formatDate(Date.now(), context.runtime.timeZone),
      remark: '月度往来对账',
    });
    await finance.act(rcn, 'doSubmit', [confirmation.rcnHeaderId]);
    await decideAll(context.runtime, rcn.name, confirmation.rcnHeaderId, 'approve');
    if (demo !== DEMO_SUPPLIERS[0]) {
      const answered = await supplier.find(rcn, confirmation.rcnHeaderId);
      await supplier.save(rcn, {
        rcnHeaderId: answered.rcnHeaderId,
        versionNum: answered.versionNum,
        supplierBalance: Math.round(((answered.closingBalance ?? 0) + 120) * 100) / 100,
        supplierComment: '我方账面含一笔未开票的到货',
      });
      await supplier.act(rcn, 'doSupplierDispute', [confirmation.rcnHeaderId], {
        comment: '我方账面含一笔未开票的到货，请核对',
      });
    }
  }
});

/**
 * Advances, deductions and payments: 恒达 has a deduction to acknowledge; 瑞丰 an advance partly
 * applied, an acknowledged deduction, a paid application of part of its invoice and one for the
 * rest awaiting approval.
 */
async function money(
  context: SeedContext,
  finance: DataApi,
  supplier: DataApi,
  held: boolean,
  invoiceId: number,
): Promise<void> {
  const bill = await finance.find(invoice, invoiceId);
  const account = { supplierId: bill.supplierId, orgId: bill.orgId, currencyId: bill.currencyId };
  // Amounts in proportion to the invoice, whatever the demo order's size.
  const total = Math.round((bill.amountExclTax + bill.taxAmount) * 100) / 100;
  const share = (percent: number) => Math.max(0.01, Math.round(total * percent) / 100);
  const approve = async (entity: typeof advance | typeof payment, id: number) => {
    await finance.act(entity, 'doSubmit', [id]);
    await decideAll(context.runtime, entity.name, id, 'approve');
  };
  const claim = await finance.save(deduction, {
    ...account,
    deductionType: 'QUALITY_CLAIM',
    deductionDate: day(-20),
    amount: held ? 200 : share(5),
    reason: held ? '来料外观不良，挑选工时费' : '延期交货 2 天违约金',
    sourceNumber: held ? 'QC20261101' : null,
  });
  await finance.act(deduction, 'doIssue', [claim.deductionId]);
  if (held) return;
  await supplier.act(deduction, 'doAcknowledge', [claim.deductionId]);
  const prepaid = await finance.save(advance, {
    ...account,
    amount: share(20),
    applyDate: day(-50),
    reason: '首批备料预付款',
  });
  await approve(advance, prepaid.advanceId);
  await finance.act(advance, 'doPay', [prepaid.advanceId], { bankReference: 'CMB20261012001' });
  const first = Math.round(total * 60) / 100;
  const paid = await finance.save(payment, {
    ...account,
    applyDate: day(-30),
    plannedPayDate: day(-25),
    lines: [
      { lineNum: 1, sourceType: 'INVOICE', invoiceId, amount: first },
      { lineNum: 2, sourceType: 'ADVANCE', advanceId: prepaid.advanceId, amount: share(10) },
      { lineNum: 3, sourceType: 'DEDUCTION', deductionId: claim.deductionId, amount: share(5) },
    ],
  });
  await approve(payment, paid.paymentId);
  await finance.act(payment, 'doPay', [paid.paymentId], { bankReference: 'CMB20261106001' });
  const rest = await finance.save(payment, {
    ...account,
    applyDate: day(-2),
    plannedPayDate: day(5),
    lines: [
      { lineNum: 1, sourceType: 'INVOICE', invoiceId, amount: Math.round((total - first) * 100) / 100 },
    ],
  });
  await finance.act(payment, 'doSubmit', [rest.paymentId]);
}

/**
 * Chat and OA sync (§7.2) as draft interface definitions: the company's OA and chat addresses are
 * its own, so an administrator sets them and makes the definitions effective.
 */
const oaSync = defineSeed('settlement.oa-sync', async (context) => {
  for (const definition of OA_DEFINITIONS)
    await context.put(
      'baseScsiDefinition',
      { definitionCode: definition.definitionCode },
      oaDefinitionBody(definition, 'http://oa.example.invalid'),
      { configs: ['envCode'], reqMaps: ['lineNum'] },
    );
});

/**
 * 按订单开票 is off company-wide (statements first); an administrator turns it on for an
 * organisation with its own value Y.
 */
const invoiceByOrder = defineSeed('settlement.invoice-by-order', async (context) => {
  const key = { profileCode: INVOICE_BY_ORDER_PROFILE, orgId: null };
  await context.put('srmBaseConfigProfile', key, {
    ...key,
    profileName: '允许供应商按订单开票',
    profileValue: 'N',
    valueType: 'FLAG',
    description: 'Y：供应商可不经对账单，直接按已收货的订单开票（系统代为生成并确认对账单）',
  });
});

export const settlementSeeds = [statements, oaSync, invoiceByOrder];
