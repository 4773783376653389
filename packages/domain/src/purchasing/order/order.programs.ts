// Programs of orders (concurrent programs name them by executable): PO_AUTO_CLOSE closes the
// confirmed orders whose every line is fully received or closed, in the submitter's scope and,
// when the organisation parameter is given, of that organisation only. Each closed order is a
// log line and a line of the CSV output; a cancelled request stops between orders.
import { storedMessage } from '@srm/kernel';
import type { Executable } from '@srm/platform';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';

export const closeReceivedOrders: Executable = async (run) => {
  const orgId = typeof run.params.orgId === 'number' ? run.params.orgId : null;
  const candidates = await run.work((data) =>
    data.list(
      order,
      { status: 'CONFIRMED', ...(orgId ? { orgId } : {}) },
      { orderBy: [{ field: 'poHeaderId', order: 'asc' }] },
    ),
  );
  run.log(
    await run.work(async (data) =>
      data.t('purchasing.program.autoClose.found', { count: candidates.length }),
    ),
  );
  run.output('poNumber,supplier,amountExclTax\n');
  let closed = 0;
  for (const candidate of candidates) {
    if (run.signal.aborted) break;
    const done = await run.work(async (data) => {
      const lines = await data.lines(orderLine, candidate.poHeaderId);
      const open = lines.some(
        (line) => line.closedFlag !== 'Y' && Number(line.receivedQuantity ?? 0) < Number(line.quantity),
      );
      if (!lines.length || open) return false;
      await data.act(order, 'doClose', [candidate.poHeaderId]);
      return true;
    });
    if (!done) continue;
    closed++;
    run.log(
      await run.work(async (data) =>
        data.t('purchasing.program.autoClose.closed', { number: candidate.poNumber ?? '' }),
      ),
    );
    run.output(
      `${candidate.poNumber ?? ''},"${String(candidate.supplierName ?? '').replace(/"/g, '""')}",${candidate.amountExclTax ?? ''}\n`,
    );
  }
  // Read by each reader in his own language (the log above is in the submitter's).
  return storedMessage('purchasing.program.autoClose.done', { closed, count: candidates.length });
};
