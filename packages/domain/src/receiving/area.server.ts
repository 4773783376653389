// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { receivingArea } from './area';
import { receivingActions, receivingSeeds } from './server';

export const receivingServer = defineServerArea(receivingArea, {
  actions: receivingActions,
  seeds: receivingSeeds,
});
