// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { supplierArea } from './area';
import { supplierApprovals } from './approval';
import { supplierActions, supplierSeeds } from './server';

export const supplierServer = defineServerArea(supplierArea, {
  actions: supplierActions,
  seeds: supplierSeeds,
  approvalTemplates: supplierApprovals,
});
