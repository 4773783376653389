// Receiving on the server: receipts' and write-offs' behaviour and endpoints, and their demo data
// in load order (the tolerance and receipts, then write-offs).
import { defineServerArea } from '@srm/platform';
import { receivingArea } from './area';
import { receiveActions } from './receive/receive.actions';
import { receiveEndpoints } from './receive/receive.endpoints';
import { receiveSeeds } from './receive/receive.seed';
import { writeOffActions } from './write-off/write-off.actions';
import { writeOffSeeds } from './write-off/write-off.seed';

export const receivingServer = defineServerArea(receivingArea, {
  actions: [receiveActions, receiveEndpoints, writeOffActions],
  seeds: [...receiveSeeds, ...writeOffSeeds],
});
