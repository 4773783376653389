// Exclusions on the server. Each line names a posted receipt, return or reversal line of the
// exclusion's supplier and organisation that no statement settles now and no other active
// exclusion holds; the server copies its receipt, material and signed quantity. Releasing ends
// the exclusion: its lines enter the next statement generated for their period.
import { type RuleIssue, dec } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { order } from '../../purchasing';
import { receive, receiveLine } from '../../receiving';
import { settleKeyOf, signedQuantity } from '../statement/statement.generate';
import { statementLine } from '../statement/statement-line.entity';
import { lockAccount } from '../support';
import { excludeBill } from './exclude.entity';
import { excludeLine } from './exclude-line.entity';

export const excludeActions = defineActions(excludeBill, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const given = ctx.newLines.lines;
    // A generation of the same supplier and organisation waits, or is waited for: a line is never
    // settled by it while this save holds it, nor held once it took it.
    if (given.length) await lockAccount(ctx, 'generate', row);
    const ids = [...new Set(given.map((line) => line.receiveLineId))];
    const receiptLines = new Map(
      (ids.length ? await ctx.list(receiveLine, { receiveLineId: ids }) : []).map((line) => [
        line.receiveLineId,
        line,
      ]),
    );
    const headerIds = [...receiptLines.values()].flatMap((line) => [line.receiveHeaderId]);
    const receipts = new Map(
      (headerIds.length ? await ctx.list(receive, { receiveHeaderId: [...new Set(headerIds)] }) : []).map(
        (receipt) => [receipt.receiveHeaderId, receipt],
      ),
    );
    const originalIds = [...receipts.values()].flatMap((receipt) =>
      receipt.originalReceiveHeaderId === null ? [] : [receipt.originalReceiveHeaderId],
    );
    const originals = new Map(
      (originalIds.length ? await ctx.list(receive, { receiveHeaderId: originalIds }) : []).map((receipt) => [
        receipt.receiveHeaderId,
        receipt.receiveType,
      ]),
    );
    const settled = new Set(
      (ids.length
        ? await ctx.list(statementLine, { settleKey: ids.map(settleKeyOf) }, { limit: ids.length })
        : []
      ).map((line) => line.receiveLineId),
    );
    const held = new Map<number, string>();
    if (ids.length) {
      const others = await ctx.list(excludeLine, { receiveLineId: ids });
      const active = new Map(
        (
          await ctx.list(excludeBill, {
            excludeHeaderId: [...new Set(others.map((line) => line.excludeHeaderId))],
            status: 'ACTIVE',
          })
        ).map((bill) => [bill.excludeHeaderId, bill.excludeNumber ?? '']),
      );
      for (const line of others)
        if (line.excludeHeaderId !== ctx.previous?.excludeHeaderId && active.has(line.excludeHeaderId))
          held.set(line.receiveLineId, active.get(line.excludeHeaderId)!);
    }
    const orders = new Map(
      (
        await ctx.list(order, {
          poHeaderId: [
            ...new Set(
              [...receiptLines.values()].flatMap((line) => (line.poHeaderId ? [line.poHeaderId] : [])),
            ),
          ],
        })
      ).map((po) => [po.poHeaderId, po.poNumber ?? '']),
    );
    const issues: RuleIssue[] = [];
    const seen = new Set<number>();
    given.forEach((line, index) => {
      const field = `lines.${index}.receiveLineId`;
      const params = { line: line.lineNum };
      const receiptLine = receiptLines.get(line.receiveLineId);
      const receipt = receipts.get(receiptLine?.receiveHeaderId ?? 0);
      if (!receiptLine || !receipt || !['POSTED', 'REVERSED'].includes(receipt.status))
        issues.push({ field, message: 'settlement.exclude.notPosted', params });
      else if (receipt.supplierId !== row.supplierId || receipt.orgId !== row.orgId)
        issues.push({ field, message: 'settlement.exclude.otherSupplier', params });
      else if (seen.has(line.receiveLineId))
        issues.push({ field, message: 'settlement.exclude.twice', params });
      else if (settled.has(line.receiveLineId))
        issues.push({ field, message: 'settlement.exclude.settled', params });
      else if (held.has(line.receiveLineId))
        issues.push({
          field,
          message: 'settlement.exclude.held',
          params: { ...params, number: held.get(line.receiveLineId)! },
        });
      else {
        line.receiveNumber = receipt.receiveNumber;
        line.receiveDate = receipt.receiveDate;
        line.poNumber = receiptLine.poHeaderId ? (orders.get(receiptLine.poHeaderId) ?? null) : null;
        line.itemId = receiptLine.itemId;
        line.itemName = receiptLine.itemName;
        line.quantity = signedQuantity(
          receipt.receiveType,
          originals.get(receipt.originalReceiveHeaderId ?? 0) ?? null,
          dec(receiptLine.quantity),
          dec(receiptLine.rejectedQuantity),
        ).toNumber();
      }
      seen.add(line.receiveLineId);
    });
    return issues.length ? issues : null;
  },
  actions: {
    async doRelease(ctx) {
      await ctx.patch(excludeBill, ctx.row.excludeHeaderId, { releasedDate: ctx.now.getTime() });
    },
  },
});
