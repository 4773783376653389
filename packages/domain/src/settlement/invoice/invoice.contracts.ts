// What was invoiced under a contract (已开票金额): the invoice lines whose order line was ordered
// under it, of invoices the supplier submitted and that were not returned or cancelled. Kept on
// the contract after each workflow action of an invoice, for the contract's execution view and
// for its alterations, which cannot take the total below it (ADR 0031). Settlement knows the
// contract; the contract does not know invoices.
import { dec, sum } from '@srm/kernel';
import { type ActionObserver, type DataApi, SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { contract } from '../../contract';
import { orderLine } from '../../purchasing';
import { invoice } from './invoice.entity';
import { invoiceLine } from './invoice-line.entity';

/** Invoice states in which an invoice counts against its contracts. */
export const INVOICED_STATES = ['SUBMITTED', 'EXCEPTION', 'MATCHED'];

/** Sums again what was invoiced under these contracts. */
export async function refreshInvoiced(data: DataApi, contractIds: readonly number[]): Promise<void> {
  for (const contractId of new Set(contractIds)) {
    const ordered = await data.list(orderLine, { contractId });
    const lines = ordered.length
      ? await data.list(invoiceLine, { poLineId: ordered.map((line) => line.poLineId) })
      : [];
    const counted = lines.length
      ? new Set(
          (
            await data.list(invoice, {
              invoiceId: [...new Set(lines.map((line) => line.invoiceId))],
              status: INVOICED_STATES,
            })
          ).map((row) => row.invoiceId),
        )
      : new Set<number>();
    const invoiced = sum(
      lines.filter((line) => counted.has(line.invoiceId)),
      (line) => dec(line.amountInclTax ?? 0),
    ).toNumber();
    const [found] = await data.list(contract, { contractId });
    if (found && Number(found.invoicedAmount ?? 0) !== invoiced)
      await data.patch(contract, contractId, { invoicedAmount: invoiced });
  }
}

export const contractInvoiced: ActionObserver = async (context, change) => {
  const data = dataApi({ ...context, actor: SYSTEM_ACTOR }, 'what was invoiced under a contract');
  // A contract taking effect took over the orders of the version it alters or converts.
  if (
    change.entity === 'srmCctContract' &&
    change.row.status === 'EFFECTIVE' &&
    change.previous?.status !== 'EFFECTIVE'
  ) {
    await refreshInvoiced(data, [Number(change.row.contractId)]);
    return;
  }
  if (change.entity !== 'srmStlInvoiceHeader' || change.action === 'save') return;
  const lines = await data.list(invoiceLine, { invoiceId: Number(change.row.invoiceId) });
  const poLineIds = [...new Set(lines.flatMap((line) => (line.poLineId === null ? [] : [line.poLineId])))];
  if (!poLineIds.length) return;
  const contracts = (await data.list(orderLine, { poLineId: poLineIds })).flatMap((line) =>
    line.contractId === null ? [] : [line.contractId],
  );
  if (contracts.length) await refreshInvoiced(data, contracts);
};
