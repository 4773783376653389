// 生成价格协议 (createAgreement): an effective contract's prices as a draft purchase (price)
// agreement of the same supplier, unit and currency for the contract's period — one line per
// material at the contract's price and tax rate — so that orders placed without naming the
// contract are priced as it agreed. Keyed by the contract (the agreement's unique source key), so a
// second call makes nothing and opens the agreement made before. The other way (a contract from
// an agreement) is not offered: an agreement holds prices only, and a contract's lines need the
// quantities it commits to, which the buyer writes (docs/contracts.md).
//   srmCctContract/createAgreement  { contractId } → the agreement
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { dec, ref } from '@srm/kernel';
import { agreement } from '../../agreements';
import { actorFullName } from '../support';
import { contract } from './contract.entity';

/** The agreement's source key of a contract (an award's hand-off keys its own `INQUIRY:…`). */
const keyOf = (contractId: number) => `CONTRACT:${contractId}`;

export const contractAgreementEndpoints = defineEndpoints(contract, {
  createAgreement: endpoint({
    summary: "A draft price agreement of an effective contract's prices, made once",
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (found.status !== 'EFFECTIVE')
        throw new AppError(409, 'srmCctContract.agreementNotEffective', {
          number: found.contractNumber ?? '',
        });
      // Looked for without the caller's scope: an agreement is made once per contract.
      const [before] = await ctx
        .system('a price agreement is made once per contract')
        .list(agreement, { sourceKey: keyOf(found.contractId) });
      if (before)
        return {
          data: await ctx.find(agreement, before.agreementId),
          msg: ctx.t('srmCctContract.agreementExisting', { number: before.agreementNumber ?? '' }),
        };
      // One price per material: two lines of one material at two prices cannot be one agreement line.
      const prices = new Map<number, { unitPrice: number; taxRate: number; lineNum: number }>();
      for (const line of found.items) {
        if (line.itemId === null) continue;
        const known = prices.get(line.itemId);
        if (!known)
          prices.set(line.itemId, {
            unitPrice: line.unitPrice,
            taxRate: line.taxRate,
            lineNum: line.lineNum,
          });
        else if (
          Number(known.unitPrice) !== Number(line.unitPrice) ||
          Number(known.taxRate) !== Number(line.taxRate)
        )
          throw new AppError(422, 'srmCctContract.agreementTwoPrices', {
            first: known.lineNum,
            second: line.lineNum,
          });
      }
      if (!prices.size)
        throw new AppError(422, 'srmCctContract.agreementNoMaterial', { number: found.contractNumber ?? '' });
      const saved = await ctx.save(agreement, {
        agreementName: found.contractName.slice(0, 200),
        supplierId: found.supplierId,
        orgId: found.orgId,
        currencyId: found.currencyId,
        startDate: found.effectiveFrom,
        endDate: found.effectiveTo,
        buyerName: (await actorFullName(ctx)).slice(0, 60),
        remark: ctx
          .t('srmCctContract.agreementRemark', { number: found.contractNumber ?? '' })
          .slice(0, 1000),
        lines: [...prices].map(([itemId, price]) => ({
          itemId,
          // An agreement's price has 6 decimals; a contract priced with tax keeps 10.
          unitPrice: dec(price.unitPrice).toDecimalPlaces(6).toNumber(),
          taxRate: price.taxRate,
        })),
      });
      await ctx
        .system('the agreement remembers the contract it was made from')
        .patch(agreement, saved.agreementId, {
          sourceNum: (found.contractNumber ?? String(found.contractId)).slice(0, 30),
          sourceKey: keyOf(found.contractId),
        });
      return {
        data: await ctx.find(agreement, saved.agreementId),
        msg: ctx.t('srmCctContract.agreementMade', { number: saved.agreementNumber ?? '' }),
      };
    },
  }),
});
