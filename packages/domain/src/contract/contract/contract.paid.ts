// What was paid of a contract (已付金额): the sum of its payment stages' paid amounts, kept on the
// contract for its lists (合同执行视图) by whoever changes a stage's paid amount — a payment posted
// or reversed in settlement, a contract in effect taking over what its predecessor paid.
import { sum } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { contract } from './contract.entity';
import { contractStage } from './contract-lines.entity';

export async function refreshPaid(ctx: DataApi, contractIds: readonly number[]): Promise<void> {
  const data = ctx.system('a contract sums what was paid of its stages');
  for (const contractId of new Set(contractIds)) {
    const paid = sum(
      await data.lines(contractStage, contractId),
      (stage) => stage.paidAmount ?? 0,
    ).toNumber();
    const [found] = await data.list(contract, { contractId });
    if (found && Number(found.paidAmount ?? 0) !== paid)
      await data.patch(contract, contractId, { paidAmount: paid });
  }
}
