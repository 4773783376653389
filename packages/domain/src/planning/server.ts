// Planning on the server: demo data only (the lists have no behaviour of their own).
import type { Seed } from '@srm/platform';
import { planningSeedList } from './planning.seed';

export const planningSeeds: Seed[] = planningSeedList;
