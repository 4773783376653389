// Server-side behaviour of the agreements area, and what other areas may call: the ASL check for
// purchase orders, the agreement price-change check and the quota split.
import type { EntityActions, Seed } from '@srm/platform';
import { aslActions, aslAlterationActions, aslApplyActions } from './asl.actions';
import { agreementActions } from './agreement.actions';
import { deliveryPlanActions, forecastActions } from './plans.actions';
import { agreementsDemo } from './agreements.seed';

export const agreementsActions: EntityActions[] = [
  aslActions,
  aslApplyActions,
  aslAlterationActions,
  agreementActions,
  forecastActions,
  deliveryPlanActions,
];
export const agreementsSeeds: Seed[] = [agreementsDemo];
export { type AslAnswer, type AslQuery, aslAllows, assertAslAllows } from './asl-check';
export { PRICE_CHANGE_THRESHOLD, type PriceChange, priceChange } from './price-change';
export { type QuotaQuery, type QuotaShare, type QuotaSplit, splitByQuota } from './quota';
