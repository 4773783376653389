// The business areas: their entity definitions and locale catalogues (isomorphic). Server-side
// behaviour and demo data are in ./server.
import type { EntityDef } from '@srm/kernel';
import { baseDataEntities } from './base-data';
import { supplierEntities } from './supplier';
import { agreementsEntities } from './agreements';
import { purchasingEntities } from './purchasing';
import { deliveryEntities } from './delivery';
import { receivingEntities } from './receiving';
import { planningEntities } from './planning';

export * from './base-data';
export * from './supplier';
export * from './agreements';
export * from './purchasing';
export * from './delivery';
export * from './receiving';
export * from './planning';
export * from './menus';

export const domainEntities: EntityDef[] = [
  ...baseDataEntities,
  ...supplierEntities,
  ...agreementsEntities,
  ...purchasingEntities,
  ...deliveryEntities,
  ...receivingEntities,
  ...planningEntities,
];
export { domainMessages } from './messages';
