// Requisitions' own endpoints: copy, split a line, and the demand summary (需求汇总) over pooled
// lines.
import { sql } from 'drizzle-orm';
import { dec, number, quantity, ref } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { queryRows } from '@srm/db';
import { requisition } from './requisition.entity';
import { requisitionLine } from './requisition-line.entity';

type LineValues = {
  itemId: number;
  quantity: number;
  unitPrice: number | null;
  needByDate: string;
  suggestedSupplierId: number | null;
  remark: string | null;
};

function copyLine(line: LineValues, lineNum: number, quantityOf?: number) {
  return {
    lineNum,
    itemId: line.itemId,
    quantity: quantityOf ?? line.quantity,
    unitPrice: line.unitPrice,
    needByDate: line.needByDate,
    suggestedSupplierId: line.suggestedSupplierId,
    remark: line.remark,
  };
}

export const requisitionEndpoints = defineEndpoints(requisition, {
  /** 复制: a new draft with the same header and lines, nothing ordered yet. */
  doCopy: endpoint({
    summary: 'Copy a requisition into a new draft',
    input: { requisitionHeaderId: ref('srmPurRequisitionHeader', { required: true }) },
    scope: requisition,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const source = await ctx.find(requisition, input.requisitionHeaderId);
      const copy = await ctx.save(requisition, {
        title: source.title,
        billTypeId: source.billTypeId,
        orgId: source.orgId,
        requesterName: source.requesterName,
        departmentName: source.departmentName,
        requisitionDate: source.requisitionDate,
        remark: source.remark,
        lines: source.lines.map((line, index) => copyLine(line, index + 1)),
      });
      await ctx.patch(requisition, copy.requisitionHeaderId, {
        sourceRequisitionId: source.requisitionHeaderId,
      });
      return { data: await ctx.find(requisition, copy.requisitionHeaderId) };
    },
  }),
  /**
   * 拆分: a line becomes two — the given quantity stays on it, the rest moves to a new line
   * with the next number — while the requisition is still editable.
   */
  doSplit: endpoint({
    summary: 'Split a requisition line in two',
    input: {
      requisitionLineId: ref('srmPurRequisitionLine', { required: true }),
      quantity: quantity({ required: true, min: 0.0001 }),
      versionNum: number({ min: 0 }),
    },
    scope: requisition,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const [stored] = await ctx.list(requisitionLine, { requisitionLineId: input.requisitionLineId });
      const header = await ctx.find(requisition, stored!.requisitionHeaderId);
      const line = header.lines.find((item) => item.requisitionLineId === input.requisitionLineId)!;
      if (dec(input.quantity).gte(dec(line.quantity)))
        throw new AppError(400, 'purchasing.requisition.splitQuantity', { quantity: line.quantity });
      if (!requisition.workflow!.editableIn.includes(header.status))
        throw new AppError(409, 'purchasing.requisition.splitState');
      const nextNum = Math.max(...header.lines.map((item) => item.lineNum)) + 1;
      const rest = dec(line.quantity).sub(input.quantity).toNumber();
      const saved = await ctx.save(requisition, {
        requisitionHeaderId: header.requisitionHeaderId,
        versionNum: input.versionNum ?? header.versionNum,
        lines: [
          ...header.lines.map((item) =>
            item.requisitionLineId === input.requisitionLineId
              ? { requisitionLineId: item.requisitionLineId, quantity: input.quantity }
              : { requisitionLineId: item.requisitionLineId },
          ),
          copyLine(line, nextNum, rest),
        ],
      });
      return { data: saved };
    },
  }),
  /** 需求汇总: pooled requisition lines the caller may see, summed by material and organisation. */
  listDemandSummary: endpoint({
    summary: 'The demand pool summed by material and organisation',
    input: {},
    scope: requisitionLine,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx) {
      // An aggregate the engine's reads do not express: raw SQL, restricted to the caller's scope.
      const rows = await queryRows<{
        item_id: string | number;
        item_name: string;
        org_id: string | number | null;
        quantity: string;
        ordered_quantity: string;
        remaining_quantity: string;
        line_count: number;
        earliest: string;
      }>(
        ctx.tx,
        sql`select item_id, max(item_name) as item_name, org_id, sum(quantity) as quantity,
                   sum(ordered_quantity) as ordered_quantity, sum(remaining_quantity) as remaining_quantity,
                   count(*)::int as line_count, to_char(min(need_by_date), 'YYYY-MM-DD') as earliest
            from srm_pur_requisition_line
            where demand_status = 'POOLED' and ${ctx.scope(requisitionLine)}
            group by item_id, org_id
            order by min(need_by_date)
            limit 500`,
      );
      return {
        data: rows.map((row) => ({
          itemId: Number(row.item_id),
          itemName: row.item_name,
          orgId: row.org_id === null ? null : Number(row.org_id),
          quantity: Number(row.quantity),
          orderedQuantity: Number(row.ordered_quantity),
          remainingQuantity: Number(row.remaining_quantity),
          lineCount: row.line_count,
          earliestNeedByDate: row.earliest,
        })),
      };
    },
  }),
});
