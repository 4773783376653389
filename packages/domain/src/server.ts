// Server-side behaviour of the business areas: action hooks and demo data.
import type { EntityActions, Seed } from '@srm/platform';

export const domainActions: EntityActions[] = [];
export const domainSeeds: Seed[] = [];
