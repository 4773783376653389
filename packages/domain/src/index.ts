// The business areas: their entity definitions and locale catalogues (isomorphic). Server-side
// behaviour and demo data are in ./server.
import { type Catalogue, type EntityDef, mergeCatalogues } from '@srm/kernel';
import { baseDataEntities, baseDataMessages } from './base-data';
import { supplierEntities, supplierMessages } from './supplier';

export * from './base-data';
export * from './supplier';
export * from './menus';

export const domainEntities: EntityDef[] = [...baseDataEntities, ...supplierEntities];
export const domainMessages: Catalogue = mergeCatalogues(baseDataMessages, supplierMessages);
