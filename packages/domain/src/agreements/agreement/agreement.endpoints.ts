// Agreements' own endpoints: the §7.2 price-change check (for a stored agreement or prices not
// saved yet) and the quota split (a quantity shared among suppliers, for orders and requisitions).
// Both answer about prices and shares of agreements, so both compute from the agreements the
// caller may read, and the engine refuses a question naming a supplier, organisation, currency,
// material or agreement the caller may not read (404).
import { date, price, quantity, ref, rows } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { agreement } from './agreement.entity';
import {
  type PriceChange,
  type PriceContext,
  PRICE_CHANGE_THRESHOLD,
  priceChange,
} from './agreement.price-change';
import { splitByQuota } from './agreement.quota';

export const agreementEndpoints = defineEndpoints(agreement, {
  /**
   * `{ agreementId }` for a stored agreement, or `{ supplierId, orgId, currencyId, lines: [{ itemId,
   * unitPrice }] }` for prices not saved yet: each line's last agreed price, change in percent and
   * whether it exceeds five percent. A supplier may ask about its own approved agreements and
   * learns its own history only; an internal user learns the prices of its organisations.
   */
  checkPriceChange: endpoint({
    summary: "Each price's change against the supplier's last agreed price (more than 5 % is flagged)",
    input: {
      agreementId: ref('srmPurAgreement'),
      supplierId: ref('srmSupplierInfo'),
      orgId: ref('srmBaseOrg'),
      currencyId: ref('srmBaseCurrency'),
      lines: rows(
        { itemId: ref('srmBaseItem', { required: true }), unitPrice: price({ required: true, min: 0 }) },
        { max: 1000 },
      ),
    },
    scope: agreement,
    resource: 'read',
    async handle(ctx, input) {
      let on: PriceContext;
      let prices: readonly { itemId: number; unitPrice: number }[];
      if (input.agreementId) {
        const stored = await ctx.find(agreement, input.agreementId);
        on = stored;
        prices = stored.lines;
      } else {
        if (!input.supplierId || !input.orgId || !input.currencyId || !input.lines)
          throw new AppError(400, 'srmPurAgreement.checkInput');
        on = { supplierId: input.supplierId, orgId: input.orgId, currencyId: input.currencyId };
        prices = input.lines;
      }
      const changes: PriceChange[] = [];
      for (const line of prices) changes.push(await priceChange(ctx, on, line.itemId, line.unitPrice));
      const exceeding = changes.filter((change) => change.exceeds).length;
      return {
        data: {
          threshold: PRICE_CHANGE_THRESHOLD,
          exceeds: exceeding > 0,
          lines: changes,
        },
        msg: exceeding ? ctx.t('srmPurAgreement.priceWarning', { count: exceeding }) : '',
      };
    },
  }),
  /** `{ itemId, orgId, quantity, date? }` → the quantity shared among suppliers by quota (a buyer's tool). */
  splitQuota: endpoint({
    summary: 'A quantity of a material at an organisation shared among suppliers by their quotas',
    input: {
      itemId: ref('srmBaseItem', { required: true }),
      orgId: ref('srmBaseOrg', { required: true }),
      quantity: quantity({ required: true, min: 0 }),
      date: date(),
    },
    scope: agreement,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return {
        data: await splitByQuota(ctx, {
          itemId: input.itemId,
          orgId: input.orgId,
          quantity: input.quantity,
          ...(input.date ? { date: input.date } : {}),
        }),
      };
    },
  }),
});
