// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { planningArea } from './area';
import { planningSeeds } from './server';

export const planningServer = defineServerArea(planningArea, { seeds: planningSeeds });
