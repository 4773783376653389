// Purchase orders on the server: material details and requisition consumption on save, the
// supplier's answer line by line, the buyer's decision on proposed changes, closing and
// reopening lines, the order printed to PDF and mailed to the supplier.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Decimal, type RuleIssue, dec, isValidDate } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions, writeAudit } from '@srm/platform';
import { order } from './order.entity';
import { lineAmounts } from './order-line.entity';
import { tellBuyerProposed, tellSupplierReleased } from './order.notify';
import { orderPdf, type PrintLayout } from './order.print';
import {
  bodyOf,
  col,
  consumeRequisitionLines,
  deltaOf,
  fillItemDetails,
  idIn,
  idsIn,
  takenByLines,
} from './support';
import { supplyIssues } from './supply';

const HEADER = 'srmPoHeader';
const LINE = 'srmPoLine';

const dateText = z
  .string()
  .refine((value) => isValidDate(value), { message: 'date' })
  .nullable()
  .optional();

const answerLines = z
  .array(
    z
      .object({
        poLineId: z.number().int().positive(),
        promisedDate: dateText,
        proposedDate: dateText,
        proposedQuantity: z.number().positive().max(1e15).nullable().optional(),
        supplierComment: z.string().max(500).nullable().optional(),
      })
      .strict(),
  )
  .max(20000)
  .optional();

const answerInput = z.object({ lines: answerLines }).strict();

async function storedLines(context: HookContext, headerId: number): Promise<Row[]> {
  const table = context.runtime.table(LINE);
  const rows = await context.tx
    .select()
    .from(table)
    .where(eq(col(context, LINE, 'poHeaderId'), headerId));
  return (rows as Row[]).map((row) => ({
    ...row,
    quantity: row.quantity === null ? null : Number(row.quantity),
    proposedQuantity: row.proposedQuantity === null ? null : Number(row.proposedQuantity),
  }));
}

/** The stored lines with the supplier's answers of this call merged in. */
function withAnswers(lines: Row[], input: Readonly<Record<string, unknown>>): Row[] {
  const answers = (input.lines as z.infer<typeof answerLines>) ?? [];
  const byId = new Map(lines.map((line) => [line.poLineId as number, { ...line }]));
  for (const answer of answers) {
    const line = byId.get(answer.poLineId);
    if (!line) throw new AppError(404, 'purchasing.order.lineNotFound', { id: answer.poLineId });
    for (const field of ['promisedDate', 'proposedDate', 'proposedQuantity', 'supplierComment'] as const) {
      if (answer[field] !== undefined) line[field] = answer[field];
    }
  }
  return [...byId.values()];
}

const isOpen = (line: Row) => line.closedFlag !== 'Y';
const proposes = (line: Row) =>
  (line.proposedDate !== null &&
    line.proposedDate !== undefined &&
    line.proposedDate !== line.promisedDate) ||
  (line.proposedQuantity !== null &&
    line.proposedQuantity !== undefined &&
    !dec(line.proposedQuantity as number).eq(dec(line.quantity as number)));

async function writeLine(context: HookContext, id: number, values: Row): Promise<void> {
  await context.tx
    .update(context.runtime.table(LINE))
    .set({
      ...values,
      versionNum: sql`${col(context, LINE, 'versionNum')} + 1`,
      lastUpdateDate: context.now,
      lastUpdatedBy: context.actor.userId,
    })
    .where(eq(col(context, LINE, 'poLineId'), id));
}

/** 采购历史: one row per line of an approved order (in chunks: a statement has at most 65,535 parameters). */
async function recordPriceHistory(context: HookContext, row: Row): Promise<void> {
  const lines = await storedLines(context, row.poHeaderId as number);
  const who = context.actor.userId ?? null;
  const rows = lines.map((line) => ({
    supplierId: row.supplierId,
    orgId: row.orgId,
    itemId: line.itemId,
    poHeaderId: row.poHeaderId,
    lineNum: line.lineNum,
    quantity: line.quantity === null ? null : String(line.quantity),
    unitPriceExclTax: line.unitPriceExclTax,
    taxRate: line.taxRate,
    unitPriceInclTax: line.unitPriceInclTax,
    currencyId: row.currencyId,
    orderDate: row.orderDate,
    createdBy: who,
    creationDate: context.now,
    lastUpdatedBy: who,
    lastUpdateDate: context.now,
  }));
  const table = context.runtime.table('srmPurPriceHistory');
  for (let at = 0; at < rows.length; at += 2000) {
    await context.tx.insert(table).values(rows.slice(at, at + 2000) as never);
  }
}

async function setHeader(context: HookContext, id: number, values: Row): Promise<void> {
  await context.tx
    .update(context.runtime.table(HEADER))
    .set(values)
    .where(eq(col(context, HEADER, 'poHeaderId'), id));
}

/** Recomputes the header's amounts from its lines (after the buyer accepted new quantities). */
async function retotal(context: HookContext, id: number): Promise<void> {
  const c = (field: string) => col(context, LINE, field);
  const [sums] = await context.tx
    .select({
      excl: sql<string>`coalesce(sum(${c('amountExclTax')}), 0)`,
      tax: sql<string>`coalesce(sum(${c('taxAmount')}), 0)`,
      incl: sql<string>`coalesce(sum(${c('amountInclTax')}), 0)`,
    })
    .from(context.runtime.table(LINE))
    .where(eq(c('poHeaderId'), id));
  await setHeader(context, id, {
    amountExclTax: sums!.excl,
    taxAmount: sums!.tax,
    amountInclTax: sums!.incl,
  });
}

/** The supplier's answer: lines proposing a change wait for the buyer, the others are confirmed. */
async function applyAnswers(context: HookContext, headerId: number, lines: Row[]): Promise<void> {
  for (const line of lines.filter(isOpen)) {
    const proposal = proposes(line);
    await writeLine(context, line.poLineId as number, {
      promisedDate: line.promisedDate ?? (proposal ? null : line.needByDate),
      proposedDate: proposal ? (line.proposedDate ?? null) : null,
      proposedQuantity: proposal ? (line.proposedQuantity ?? null) : null,
      supplierComment: line.supplierComment ?? null,
      supplierConfirmStatus: proposal ? 'PROPOSED' : 'CONFIRMED',
    });
  }
  await setHeader(context, headerId, { supplierConfirmDate: context.now });
}

function answerIssues(lines: Row[], wantProposal: boolean): RuleIssue | null {
  const open = lines.filter(isOpen);
  if (!open.length) return { message: 'purchasing.order.noOpenLines' };
  const proposing = open.filter(proposes);
  if (wantProposal && !proposing.length) return { message: 'purchasing.order.noProposal' };
  if (!wantProposal && proposing.length)
    return {
      message: 'purchasing.order.hasProposals',
      params: { lines: proposing.map((line) => line.lineNum as number).join(', ') },
    };
  return null;
}

async function linesToggle(context: HookContext, raw: unknown, close: boolean) {
  const body = bodyOf(raw);
  const headerId = idIn(body, 'poHeaderId');
  const lineIds = idsIn(body, 'poLineIds');
  const service = context.runtime.service(HEADER);
  const current = await service.find(context.actor, headerId);
  const allowed = close
    ? ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED']
    : ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'];
  if (!allowed.includes(current.status as string))
    throw new AppError(409, 'purchasing.order.linesState', { number: String(current.poNumber) });
  if (typeof body.versionNum === 'number' && body.versionNum !== current.versionNum)
    throw new AppError(409, 'entity.stale');
  const lines = current.lines as Row[];
  const chosen = lines.filter((line) => lineIds.includes(line.poLineId as number));
  if (chosen.length !== new Set(lineIds).size)
    throw new AppError(404, 'purchasing.order.lineNotFound', { id: lineIds.join(',') });
  // The header's version moves too: whoever edits the order next works on what is stored now.
  const bumped = await context.tx
    .update(context.runtime.table(HEADER))
    .set({
      versionNum: sql`${col(context, HEADER, 'versionNum')} + 1`,
      lastUpdateDate: context.now,
      lastUpdatedBy: context.actor.userId,
    })
    .where(
      and(
        eq(col(context, HEADER, 'poHeaderId'), headerId),
        eq(col(context, HEADER, 'versionNum'), current.versionNum as number),
      ),
    )
    .returning({ id: col(context, HEADER, 'poHeaderId') });
  if (!bumped.length) throw new AppError(409, 'entity.stale');
  await context.tx
    .update(context.runtime.table(LINE))
    .set({ closedFlag: close ? 'Y' : 'N', lastUpdateDate: context.now, lastUpdatedBy: context.actor.userId })
    .where(inArray(col(context, LINE, 'poLineId'), lineIds));
  await writeAudit(context.tx, context.actor, context.now, [
    {
      entity: HEADER,
      recordId: headerId,
      action: close ? 'doCloseLines' : 'doOpenLines',
      statusFrom: current.status as string,
      statusTo: current.status as string,
      comment: typeof body.comment === 'string' ? body.comment.slice(0, 500) : null,
      changes: { lines: chosen.map((line) => line.lineNum) },
    },
  ]);
  const closedAfter = lines.filter((line) =>
    lineIds.includes(line.poLineId as number) ? close : line.closedFlag === 'Y',
  );
  if (close && closedAfter.length === lines.length && current.status === 'CONFIRMED')
    await service.act(context.actor, 'doClose', [headerId], {}, { fromHttp: false });
  if (!close && current.status === 'CLOSED')
    await service.act(context.actor, 'doOpen', [headerId], { linesChosen: true }, { fromHttp: false });
  return { data: await service.find(context.actor, headerId) };
}

function layoutOf(value: unknown, fallback: PrintLayout): PrintLayout {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'CN' || value === 'EN') return value;
  throw new AppError(400, 'purchasing.order.layout');
}

async function printed(context: HookContext, headerId: number, layout: PrintLayout) {
  const found = await context.runtime.service(HEADER).find(context.actor, headerId);
  const pdf = await orderPdf(context, found, layout);
  return { found, pdf, fileName: `${String(found.poNumber)}${layout === 'EN' ? '-EN' : ''}.pdf` };
}

export const orderActions = legacyActions(order, {
  async beforeSave(context, { row, previous, lines, created }): Promise<RuleIssue[] | null> {
    const headerId = (row.poHeaderId as number | undefined) ?? null;
    const before = created || headerId === null ? [] : await storedLines(context, headerId);
    const after = lines.lines ?? before;
    if (lines.lines) await fillItemDetails(context, lines.lines);
    if (!row.supplierEmail && row.supplierId && (created || previous?.supplierId !== row.supplierId)) {
      const supplier = context.runtime.table('srmSupplierInfo');
      const [found] = await context.tx
        .select({ email: col(context, 'srmSupplierInfo', 'contactEmail') })
        .from(supplier)
        .where(eq(col(context, 'srmSupplierInfo', 'supplierId'), row.supplierId as number));
      if (found?.email) row.supplierEmail = found.email;
    }
    if (after.some((line) => typeof line.requisitionLineId === 'number')) row.sourceType = 'REQUISITION';
    const issues = await supplyIssues(context, row, after);
    if (issues.length) return issues;
    await consumeRequisitionLines(context, deltaOf(takenByLines(before), takenByLines(after)));
    return null;
  },
  actionInputs: { doSupplierConfirm: answerInput, doSupplierPropose: answerInput },
  guards: {
    async doSubmit(context, { row }) {
      const lines = await storedLines(context, row.poHeaderId as number);
      if (!lines.length) return { message: 'purchasing.order.noLines' };
      const issues = await supplyIssues(context, row, lines);
      return issues.length ? issues : null;
    },
    async doSupplierConfirm(context, { row, input }) {
      return answerIssues(withAnswers(await storedLines(context, row.poHeaderId as number), input), false);
    },
    async doSupplierPropose(context, { row, input }) {
      return answerIssues(withAnswers(await storedLines(context, row.poHeaderId as number), input), true);
    },
  },
  actions: {
    async doApproval(context, { row }) {
      await setHeader(context, row.poHeaderId as number, { approvedDate: context.now });
      await recordPriceHistory(context, row);
    },
    async doRelease(context, { row }) {
      await setHeader(context, row.poHeaderId as number, { releasedDate: context.now });
      await tellSupplierReleased(context, row);
    },
    async doCancel(context, { row }) {
      const lines = await storedLines(context, row.poHeaderId as number);
      const back = new Map<number, Decimal>();
      for (const [id, taken] of takenByLines(lines)) back.set(id, taken.neg());
      await consumeRequisitionLines(context, back);
    },
    async doSupplierConfirm(context, { row, input }) {
      const id = row.poHeaderId as number;
      await applyAnswers(context, id, withAnswers(await storedLines(context, id), input));
    },
    async doSupplierPropose(context, { row, input }) {
      const id = row.poHeaderId as number;
      await applyAnswers(context, id, withAnswers(await storedLines(context, id), input));
      await tellBuyerProposed(context, row);
    },
    async doBuyerConfirm(context, { row }) {
      const id = row.poHeaderId as number;
      const lines = (await storedLines(context, id)).filter(
        (line) => line.supplierConfirmStatus === 'PROPOSED',
      );
      const before = takenByLines(lines);
      const accepted: Row[] = [];
      for (const line of lines) {
        const quantity = line.proposedQuantity ?? line.quantity;
        const amounts = lineAmounts({ ...line, quantity });
        accepted.push({ ...line, quantity });
        await writeLine(context, line.poLineId as number, {
          quantity,
          promisedDate: line.proposedDate ?? line.promisedDate ?? line.needByDate,
          proposedDate: null,
          proposedQuantity: null,
          supplierConfirmStatus: 'CONFIRMED',
          amountExclTax: amounts.excl,
          taxAmount: amounts.tax,
          amountInclTax: amounts.incl,
        });
      }
      await consumeRequisitionLines(context, deltaOf(before, takenByLines(accepted)));
      await retotal(context, id);
      await setHeader(context, id, { revisionNum: sql`${col(context, HEADER, 'revisionNum')} + 1` });
    },
    async doBuyerReject(context, { row }) {
      const table = context.runtime.table(LINE);
      await context.tx
        .update(table)
        .set({
          supplierConfirmStatus: 'PENDING',
          proposedDate: null,
          proposedQuantity: null,
          lastUpdateDate: context.now,
        })
        .where(
          and(
            eq(col(context, LINE, 'poHeaderId'), row.poHeaderId as number),
            eq(col(context, LINE, 'supplierConfirmStatus'), 'PROPOSED'),
          ),
        );
    },
    async doClose(context, { row }) {
      await context.tx
        .update(context.runtime.table(LINE))
        .set({ closedFlag: 'Y', lastUpdateDate: context.now })
        .where(eq(col(context, LINE, 'poHeaderId'), row.poHeaderId as number));
    },
    async doOpen(context, { row, input }) {
      // Reopening one line reopens the order with only that line (doOpenLines says which).
      if (input.linesChosen === true) return;
      await context.tx
        .update(context.runtime.table(LINE))
        .set({ closedFlag: 'N', lastUpdateDate: context.now })
        .where(eq(col(context, LINE, 'poHeaderId'), row.poHeaderId as number));
    },
  },
  endpoints: {
    /** 关闭行: the chosen lines take no more deliveries; the last one closes the order. */
    doCloseLines: { handle: (context, body) => linesToggle(context, body, true) },
    /** 打开行: closed lines are open again (a closed order reopens with them). */
    doOpenLines: { handle: (context, body) => linesToggle(context, body, false) },
    /**
     * 由申请创建: a draft order for one supplier from requisition lines, each taking a part of
     * what remains on its line.
     */
    createFromRequisition: {
      async handle(context, raw) {
        const body = bodyOf(raw);
        const wanted = body.lines;
        if (!Array.isArray(wanted) || !wanted.length || wanted.length > 5000)
          throw new AppError(400, 'purchasing.input.ids', { name: 'lines' });
        const ids = wanted.map((line) => idIn(bodyOf(line), 'requisitionLineId'));
        const source = await context.runtime.service('srmPurRequisitionLine').list(context.actor, {
          filters: [{ field: 'requisitionLineId', op: 'in', value: ids }],
          sort: [],
          pageIndex: 1,
          pageRows: 5000,
        });
        const byId = new Map(source.rows.map((line) => [line.requisitionLineId as number, line]));
        const orgs = new Set(source.rows.map((line) => line.orgId));
        if (orgs.size > 1) throw new AppError(400, 'purchasing.order.oneOrg');
        const lines = wanted.map((item, index) => {
          const line = byId.get(ids[index]!);
          if (!line) throw new AppError(404, 'entity.notFound');
          const given = bodyOf(item);
          return {
            lineNum: index + 1,
            itemId: line.itemId,
            quantity: given.quantity ?? line.remainingQuantity,
            unitPriceExclTax: given.unitPriceExclTax ?? line.unitPrice ?? 0,
            ...(given.taxRate !== undefined ? { taxRate: given.taxRate } : {}),
            needByDate: line.needByDate,
            requisitionLineId: line.requisitionLineId,
          };
        });
        const { lines: _ignored, ...header } = body;
        void _ignored;
        const saved = await context.runtime.service(HEADER).save(context.actor, {
          orderDate: context.now.toISOString().slice(0, 10),
          ...header,
          orgId: [...orgs][0],
          lines,
        });
        return { data: saved };
      },
    },
    /** 打印: the order as a PDF, in the Chinese (CN) or English (EN) layout. */
    printPdf: {
      read: true,
      async handle(context, raw) {
        const body = bodyOf(raw);
        const layout = layoutOf(body.layout, context.actor.locale === 'en' ? 'EN' : 'CN');
        const { pdf, fileName } = await printed(context, idIn(body, 'poHeaderId'), layout);
        return { data: { fileName, contentType: 'application/pdf', content: pdf.toString('base64') } };
      },
    },
    /** 发送邮件: the printed order to the supplier's e-mail address. */
    doSendMail: {
      async handle(context, raw) {
        const body = bodyOf(raw);
        const headerId = idIn(body, 'poHeaderId');
        const layout = layoutOf(body.layout, 'CN');
        const { found, pdf, fileName } = await printed(context, headerId, layout);
        if (!['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'].includes(found.status as string))
          throw new AppError(409, 'purchasing.order.mailState', { number: String(found.poNumber) });
        const to = typeof found.supplierEmail === 'string' ? found.supplierEmail : '';
        if (!to) throw new AppError(422, 'purchasing.order.noEmail', { number: String(found.poNumber) });
        const language = layout === 'EN' ? 'en' : 'zh-CN';
        const params = {
          number: String(found.poNumber),
          supplier: String(found.supplierName ?? ''),
          org: String(found.orgName ?? ''),
          amount: String(found.amountInclTax ?? 0),
          currency: String(found.currencyCode ?? ''),
        };
        const messenger = context.runtime.plugins.messenger;
        if (!messenger) throw new AppError(503, 'purchasing.order.mailFailed', { to });
        const status = await messenger.email({
          to,
          subject: context.runtime.t(language, 'purchasing.mail.subject', params),
          text: context.runtime.t(language, 'purchasing.mail.text', params),
          purpose: 'PURCHASE_ORDER',
          attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
        });
        if (status === 'FAILED') throw new AppError(503, 'purchasing.order.mailFailed', { to });
        await writeAudit(context.tx, context.actor, context.now, [
          {
            entity: HEADER,
            recordId: headerId,
            action: 'doSendMail',
            statusFrom: found.status as string,
            statusTo: found.status as string,
            comment: to,
          },
        ]);
        return { data: { to, status } };
      },
    },
  },
});
