// The supplier area's public server part for other areas: the supply check purchasing runs
// before it names a supplier, and the demo suppliers (A and B, with their portal users) that
// other areas' demo data and tests build on.
export { supplierSeedList as supplierSeeds } from './supplier.seed';
export {
  type SupplyContext,
  type SupplyQuery,
  type SupplyVerdict,
  assertSupplierMaySupply,
  checkSupplierSupply,
  supplierMaySupply,
} from './supplier-category-org/supplier-supply';
export { DEMO_PASSWORD, DEMO_SUPPLIERS } from './supplier-info/supplier-info.seed';
