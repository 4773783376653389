// Server-side behaviour of the business areas: action hooks and demo data.
import type { EntityActions, Seed } from '@srm/platform';
import { baseDataActions, baseDataSeeds } from './base-data/server';

export const domainActions: EntityActions[] = [...baseDataActions];
export const domainSeeds: Seed[] = [...baseDataSeeds];
