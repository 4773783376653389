// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { baseDataArea } from './area';
import { baseDataActions, baseDataSeeds } from './server';

export const baseDataServer = defineServerArea(baseDataArea, {
  actions: baseDataActions,
  seeds: baseDataSeeds,
});
