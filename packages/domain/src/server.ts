// Server-side behaviour of the business areas: action hooks and demo data.
import type { EntityActions, Seed } from '@srm/platform';
import { baseDataActions, baseDataSeeds } from './base-data/server';
import { supplierActions, supplierSeeds } from './supplier/server';
import { adminSeeds } from './admin/admin.seed';
import { agreementsActions, agreementsSeeds } from './agreements/server';
import { purchasingActions, purchasingSeeds } from './purchasing/server';
import { deliveryActions, deliverySeeds } from './delivery/server';
import { receivingActions, receivingSeeds } from './receiving/server';
import { planningSeeds } from './planning/server';
export { type AslAnswer, type AslQuery, aslAllows, assertAslAllows } from './agreements/server';

export const domainActions: EntityActions[] = [
  ...baseDataActions,
  ...supplierActions,
  ...agreementsActions,
  ...purchasingActions,
  ...deliveryActions,
  ...receivingActions,
];
// Order matters: menus and responsibilities need base data; supplier users need responsibilities.
export const domainSeeds: Seed[] = [
  ...baseDataSeeds,
  ...adminSeeds,
  ...supplierSeeds,
  ...agreementsSeeds,
  ...purchasingSeeds,
  ...deliverySeeds,
  ...receivingSeeds,
  ...planningSeeds,
];
/** Purchasing's check: may this supplier supply this category or item to this organisation? */
export {
  type SupplyContext,
  type SupplyQuery,
  type SupplyVerdict,
  assertSupplierMaySupply,
  checkSupplierSupply,
  supplierMaySupply,
} from './supplier/server';
export { singleApproverTemplates } from './approval-templates';
export { decideAll } from './purchasing/approval';
