// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { purchasingArea } from './area';
import { purchasingApprovals } from './approval';
import { purchasingActions, purchasingSeeds } from './server';

export const purchasingServer = defineServerArea(purchasingArea, {
  actions: purchasingActions,
  seeds: purchasingSeeds,
  approvalTemplates: purchasingApprovals,
});
