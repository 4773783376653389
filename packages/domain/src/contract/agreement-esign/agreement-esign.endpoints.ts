// 签署 of an agreement signed at the e-sign provider: the provider's page where the caller signs
// for its party — a seal keeper of its party's active organisation account, as for contracts.
//   srmAgreementSign/querySignUrl  { agreementSignId } → { agreementSignId, url, expiresAt }
import { ref } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { agreementSign } from '../../supplier';
import { signAccountKeeper } from '../sign-account/sign-account.entity';
import { PARTY_FIELD, type Party } from '../contract/contract.finalize';
import {
  esignProviderOf,
  partyAccount,
  providerAccountOf,
  providerFailure,
} from '../contract/contract.provider';

export const agreementEsignEndpoints = defineEndpoints(agreementSign, {
  querySignUrl: endpoint({
    summary: "The e-sign provider's page where the caller signs the agreement with its party's seal",
    input: { agreementSignId: ref('srmAgreementSign', { required: true }) },
    scope: agreementSign,
    resource: 'button',
    sides: ['internal', 'supplier'],
    write: false,
    async handle(ctx, input) {
      const found = await ctx.find(agreementSign, input.agreementSignId);
      if (found.status !== 'SIGNING')
        throw new AppError(409, 'srmAgreementSign.notSigning', { number: found.agreementSignNum ?? '' });
      // The provider's flow, which only the buyer's side reads on the agreement.
      const { signFlowId } = await ctx
        .system("the provider's flow of an agreement the caller signs")
        .find(agreementSign, found.agreementSignId);
      const provider = esignProviderOf(ctx);
      if (!signFlowId || !provider) throw new AppError(409, 'srmAgreementSign.noSignFlow');
      const party: Party = ctx.actor.side === 'supplier' ? 'PARTY_B' : 'PARTY_A';
      const account = await partyAccount(ctx, found, party);
      const keepers = await ctx
        .system('the seal keepers of an account are master data')
        .lines(signAccountKeeper, account.signAccountId);
      if (!keepers.some((keeper) => keeper.userId === ctx.actor.userId))
        throw new AppError(403, 'srmCctContract.notSealKeeper', { account: account.accountName });
      const status = await provider.getFlowStatus(signFlowId).catch(providerFailure);
      if (status.signers.some((signer) => signer.fieldName === PARTY_FIELD[party] && signer.signedAt))
        throw new AppError(409, 'srmAgreementSign.partySigned');
      const { providerAccountId } = await providerAccountOf(ctx, provider, found, party);
      const url = await provider.querySignUrl(signFlowId, providerAccountId).catch(providerFailure);
      return {
        data: { agreementSignId: found.agreementSignId, url: url.url, expiresAt: url.expiresAt.getTime() },
      };
    },
  }),
});
