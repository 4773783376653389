// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { deliveryArea } from './area';
import { deliveryActions, deliverySeeds } from './server';

export const deliveryServer = defineServerArea(deliveryArea, {
  actions: deliveryActions,
  seeds: deliverySeeds,
});
