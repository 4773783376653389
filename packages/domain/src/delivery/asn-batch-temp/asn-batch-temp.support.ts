// What a staging row (批量暂存) takes from the line it ships: the order line's material, order and
// organisation, and the confirmed notice's number — for rows saved one by one and rows added in bulk.
import { type RuleIssue } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { noticeLineFacts, orderLineFacts } from '../support';

/** The fields of a staging row that name its line and those copied from it. */
export interface StagedLine {
  poLineId?: number | null;
  deliveryNoticeLineId?: number | null;
  noticeNumber?: string | null;
  orgId?: number | null;
  poHeaderId?: number | null;
  itemId?: number | null;
  itemName?: string | null;
  specification?: string | null;
  uomId?: number | null;
}

/**
 * Copies onto each row what its line holds (two reads for any number of rows). A line of
 * another supplier, or one the supplier cannot see, does not exist for the row (404).
 */
export async function deriveStaged(
  ctx: DataApi,
  supplierId: number,
  rows: readonly StagedLine[],
): Promise<RuleIssue[]> {
  const notices = await noticeLineFacts(
    ctx,
    rows.flatMap((row) => (typeof row.deliveryNoticeLineId === 'number' ? [row.deliveryNoticeLineId] : [])),
    false,
  );
  const issues: RuleIssue[] = [];
  for (const row of rows) {
    if (typeof row.deliveryNoticeLineId !== 'number') {
      row.noticeNumber = null;
      continue;
    }
    const notice = notices.get(row.deliveryNoticeLineId);
    if (!notice || notice.notice.supplierId !== supplierId)
      throw new AppError(404, 'delivery.batch.lineNotFound');
    if (typeof row.poLineId === 'number' && row.poLineId !== notice.line.poLineId)
      issues.push({ field: 'poLineId', message: 'delivery.batch.noticeOtherLine' });
    row.poLineId = notice.line.poLineId;
    row.noticeNumber = notice.notice.noticeNumber;
  }
  const orders = await orderLineFacts(
    ctx,
    rows.flatMap((row) => (typeof row.poLineId === 'number' ? [row.poLineId] : [])),
    false,
  );
  for (const row of rows) {
    if (typeof row.poLineId !== 'number') {
      issues.push({ field: 'poLineId', message: 'delivery.batch.needsLine' });
      continue;
    }
    const order = orders.get(row.poLineId);
    if (!order || order.order.supplierId !== supplierId)
      throw new AppError(404, 'delivery.batch.lineNotFound');
    row.orgId = order.order.orgId;
    row.poHeaderId = order.line.poHeaderId;
    row.itemId = order.line.itemId;
    row.itemName = order.line.itemName;
    row.specification = order.line.specification;
    row.uomId = order.line.uomId;
  }
  return issues;
}
