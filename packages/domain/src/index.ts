// The business areas: their entity definitions and locale catalogues (isomorphic). Server-side
// behaviour and demo data are in ./server.
import { type Catalogue, type EntityDef, mergeCatalogues } from '@srm/kernel';
import { baseDataEntities, baseDataMessages } from './base-data';

export * from './base-data';

export const domainEntities: EntityDef[] = [...baseDataEntities];
export const domainMessages: Catalogue = mergeCatalogues(baseDataMessages);
