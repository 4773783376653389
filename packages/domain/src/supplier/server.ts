// Server-side behaviour of the supplier area.
import type { EntityActions } from '@srm/platform';
import { supplierRegisterActions } from './supplier-register.actions';
import { supplierCategoryOrgActions } from './supplier-category-org.actions';
import { supplierInfoActions } from './supplier-info.actions';
import { supplierSeeds } from './supplier.seed';

export const supplierActions: EntityActions[] = [
  supplierInfoActions,
  supplierRegisterActions,
  supplierCategoryOrgActions,
];
export { supplierSeeds };
export {
  type SupplyContext,
  type SupplyQuery,
  type SupplyVerdict,
  assertSupplierMaySupply,
  checkSupplierSupply,
  supplierMaySupply,
} from './supplier-supply';
