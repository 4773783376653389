// The area's public server functions for other areas: the ASL check purchase orders make, the
// agreement price-change check, the quota split and the hand-off of a sourcing award.
export {
  type AslAnswer,
  type AslCheckOn,
  type AslQuery,
  aslAllows,
  aslAllowsEach,
  aslRefusal,
  assertAslAllows,
} from './asl/asl.check';
export {
  PRICE_CHANGE_THRESHOLD,
  type PriceChange,
  type PriceContext,
  priceChange,
} from './agreement/agreement.price-change';
export { type QuotaQuery, type QuotaShare, type QuotaSplit, splitByQuota } from './agreement/agreement.quota';
export {
  type AwardHandOff,
  type AwardedLine,
  type HandOffPlan,
  type HandOffResult,
  excludingTax,
  handOffAward,
  planHandOff,
} from './award-hand-off';
/** The demo's way of writing documents and running them through their workflows (other areas' seeds). */
export { day, demoActions, seedData, supplierActor } from './support';
