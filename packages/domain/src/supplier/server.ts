// The supplier area's public server part for other areas: eligibility (the one rule every path
// that names a supplier asks), the supply check purchasing runs before it names a supplier (its
// ORDER purpose), the lifecycle's programs, and the demo suppliers (A and B, with their portal
// users) that other areas' demo data and tests build on.
export { supplierSeedList as supplierSeeds } from './supplier.seed';
export {
  type SupplyContext,
  type SupplyQuery,
  type SupplyVerdict,
  assertAllEligible,
  assertEligible,
  lineQueries,
  assertSupplierMaySupply,
  checkSupplierSupply,
  eligibilityRefusal,
  reasonText,
  supplierMaySupply,
} from './supplier-category-org/supplier-supply';
export {
  type Eligibility,
  type EligibilityQuery,
  type Purpose,
  type Reason,
  type Verdict,
  eligibility,
  eligibilityBatch,
} from './eligibility/eligibility';
export {
  credentialExpiry,
  remindExpiring,
  reviewCertificateLines,
} from './supplier-credential/credential-expiry';
export { relieveBlacklist } from './supplier-blacklist/supplier-blacklist.actions';
export { DEMO_PASSWORD, DEMO_SUPPLIERS } from './supplier-info/supplier-info.seed';
export { addDays, dayIn } from './supplier-credential/supplier-credential.validity';
