// Requisitions on the server: material details on lines, the demand pool's states following the
// document's, copy and split, and the demand summary (需求汇总) over pooled lines.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { requisition } from './requisition.entity';
import { bodyOf, col, fillItemDetails, idIn } from './support';

const LINE = 'srmPurRequisitionLine';

async function setDemandStatus(
  context: HookContext,
  headerId: number,
  status: string,
  onlyFrom?: readonly string[],
): Promise<void> {
  const table = context.runtime.table(LINE);
  await context.tx
    .update(table)
    .set({ demandStatus: status, lastUpdateDate: context.now, lastUpdatedBy: context.actor.userId })
    .where(
      and(
        eq(col(context, LINE, 'requisitionHeaderId'), headerId),
        ...(onlyFrom ? [inArray(col(context, LINE, 'demandStatus'), [...onlyFrom])] : []),
      ),
    );
}

async function orderedOn(context: HookContext, headerId: number): Promise<number> {
  const table = context.runtime.table(LINE);
  const [row] = await context.tx
    .select({ n: sql<string>`coalesce(sum(${col(context, LINE, 'orderedQuantity')}), 0)` })
    .from(table)
    .where(eq(col(context, LINE, 'requisitionHeaderId'), headerId));
  return Number(row?.n ?? 0);
}

function copyLine(line: Row, lineNum: number, quantity?: number): Row {
  return {
    lineNum,
    itemId: line.itemId,
    quantity: quantity ?? line.quantity,
    unitPrice: line.unitPrice,
    needByDate: line.needByDate,
    suggestedSupplierId: line.suggestedSupplierId,
    remark: line.remark,
  };
}

export const requisitionActions = legacyActions(requisition, {
  async beforeSave(context, { row, lines }): Promise<RuleIssue[] | null> {
    const rows = lines.lines ?? [];
    await fillItemDetails(context, rows);
    for (const line of rows) line.orgId = row.orgId;
    return null;
  },
  guards: {
    async doSubmit(context, { row }) {
      const lines = await context.runtime
        .service(LINE)
        .linesOf(context.actor, row.requisitionHeaderId as number);
      return lines.length ? null : { message: 'purchasing.requisition.noLines' };
    },
    async doReturn(context, { row }) {
      return (await orderedOn(context, row.requisitionHeaderId as number)) > 0
        ? { message: 'purchasing.requisition.alreadyOrdered' }
        : null;
    },
  },
  actions: {
    doApproval: (context, { row }) => setDemandStatus(context, row.requisitionHeaderId as number, 'POOLED'),
    doReturn: (context, { row }) => setDemandStatus(context, row.requisitionHeaderId as number, 'PENDING'),
    doCancel: (context, { row }) => setDemandStatus(context, row.requisitionHeaderId as number, 'CANCELLED'),
    doClose: (context, { row }) =>
      setDemandStatus(context, row.requisitionHeaderId as number, 'CLOSED', ['PENDING', 'POOLED']),
  },
  endpoints: {
    /** 复制: a new draft with the same header and lines, nothing ordered yet. */
    doCopy: {
      async handle(context, raw) {
        const body = bodyOf(raw);
        const service = context.runtime.service(requisition.name);
        const source = await service.find(context.actor, idIn(body, 'requisitionHeaderId'));
        const copy = await service.save(context.actor, {
          title: source.title,
          billTypeId: source.billTypeId,
          orgId: source.orgId,
          requesterName: source.requesterName,
          departmentName: source.departmentName,
          requisitionDate: source.requisitionDate,
          remark: source.remark,
          lines: (source.lines as Row[]).map((line, index) => copyLine(line, index + 1)),
        });
        await context.tx
          .update(context.runtime.table(requisition.name))
          .set({ sourceRequisitionId: source.requisitionHeaderId })
          .where(
            eq(col(context, requisition.name, 'requisitionHeaderId'), copy.requisitionHeaderId as number),
          );
        return { data: await service.find(context.actor, copy.requisitionHeaderId as number) };
      },
    },
    /**
     * 拆分: a line becomes two — the given quantity stays on it, the rest moves to a new line
     * with the next number — while the requisition is still editable.
     */
    doSplit: {
      async handle(context, raw) {
        const body = bodyOf(raw);
        const lineId = idIn(body, 'requisitionLineId');
        const quantity = body.quantity;
        const [stored] = await context.tx
          .select({ headerId: col(context, LINE, 'requisitionHeaderId') })
          .from(context.runtime.table(LINE))
          .where(eq(col(context, LINE, 'requisitionLineId'), lineId));
        if (!stored) throw new AppError(404, 'entity.notFound');
        const service = context.runtime.service(requisition.name);
        const header = await service.find(context.actor, Number(stored.headerId));
        const lines = header.lines as Row[];
        const line = lines.find((item) => item.requisitionLineId === lineId)!;
        if (
          typeof quantity !== 'number' ||
          !(quantity > 0) ||
          dec(quantity).gte(dec(line.quantity as number))
        )
          throw new AppError(400, 'purchasing.requisition.splitQuantity', {
            quantity: Number(line.quantity),
          });
        if (!requisition.workflow!.editableIn.includes(header.status as string))
          throw new AppError(409, 'purchasing.requisition.splitState');
        const nextNum = Math.max(...lines.map((item) => item.lineNum as number)) + 1;
        const rest = dec(line.quantity as number)
          .sub(quantity)
          .toNumber();
        const saved = await service.save(context.actor, {
          requisitionHeaderId: header.requisitionHeaderId,
          versionNum: body.versionNum ?? header.versionNum,
          lines: [
            ...lines.map((item) =>
              item.requisitionLineId === lineId
                ? { requisitionLineId: lineId, quantity }
                : { requisitionLineId: item.requisitionLineId },
            ),
            copyLine(line, nextNum, rest),
          ],
        });
        return { data: saved };
      },
    },
    /** 需求汇总: pooled requisition lines summed by material and organisation. */
    listDemandSummary: {
      read: true,
      async handle(context) {
        const table = context.runtime.table(LINE);
        const c = (field: string) => col(context, LINE, field);
        const orgs = context.actor.orgIds;
        const rows = await context.tx
          .select({
            itemId: c('itemId'),
            itemName: sql<string>`max(${c('itemName')})`,
            orgId: c('orgId'),
            quantity: sql<string>`sum(${c('quantity')})`,
            orderedQuantity: sql<string>`sum(${c('orderedQuantity')})`,
            remainingQuantity: sql<string>`sum(${c('remainingQuantity')})`,
            lineCount: sql<number>`count(*)::int`,
            earliestNeedByDate: sql<string>`to_char(min(${c('needByDate')}), 'YYYY-MM-DD')`,
          })
          .from(table)
          .where(
            and(
              eq(c('demandStatus'), 'POOLED'),
              ...(orgs === 'all' ? [] : [orgs.length ? inArray(c('orgId'), [...orgs]) : sql`false`]),
            ),
          )
          .groupBy(c('itemId'), c('orgId'))
          .orderBy(sql`min(${c('needByDate')})`)
          .limit(500);
        return {
          data: rows.map((row) => ({
            itemId: Number(row.itemId),
            itemName: row.itemName,
            orgId: row.orgId === null ? null : Number(row.orgId),
            quantity: Number(row.quantity),
            orderedQuantity: Number(row.orderedQuantity),
            remainingQuantity: Number(row.remainingQuantity),
            lineCount: row.lineCount,
            earliestNeedByDate: row.earliestNeedByDate,
          })),
        };
      },
    },
  },
});
