// Asset acceptance on the server: an acceptance belongs to a contract in effect, whose supplier
// and unit it takes; it is submitted with at least one line; its approval, when the asset passed
// (or passed on conditions), makes the contract's stages due on acceptance payable.
import { type DataApi, defineActions } from '@srm/platform';
import { contract } from '../contract/contract.entity';
import { contractStage } from '../contract/contract-lines.entity';
import { issue } from '../support';
import { assetAcceptance, assetAcceptanceLine } from './asset-acceptance.entity';

const platform = (ctx: DataApi) => ctx.system('an acceptance reads and fulfils its contract');

export const assetAcceptanceActions = defineActions(assetAcceptance, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const [found] = await platform(ctx).list(contract, { contractId: row.contractId });
    if (!found || found.status !== 'EFFECTIVE')
      return [{ field: 'contractId', message: 'srmCctAssetAcceptance.contractNotEffective' }];
    row.supplierId = found.supplierId;
    row.orgId = found.orgId;
    return [];
  },
  guards: {
    async doSubmit(ctx) {
      const lines = await ctx.lines(assetAcceptanceLine, ctx.row.acceptanceId);
      return lines.length ? [] : [issue('srmCctAssetAcceptance.noLines')];
    },
  },
  actions: {
    async doApproval(ctx) {
      if (ctx.row.result === 'FAILED') return;
      await platform(ctx).patchWhere(
        contractStage,
        { contractId: ctx.row.contractId, milestone: 'ACCEPTANCE', stageStatus: 'NOT_ARRIVED' },
        { stageStatus: 'PENDING' },
      );
    },
  },
});
