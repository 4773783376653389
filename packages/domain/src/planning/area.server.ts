// The server part of the area: its demo data (the plans have no behaviour of their own).
import { defineServerArea } from '@srm/platform';
import { planningArea } from './area';
import { planningSeeds } from './planning.seed';

export const planningServer = defineServerArea(planningArea, { seeds: planningSeeds });
