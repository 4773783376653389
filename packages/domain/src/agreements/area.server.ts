// The server part of the area: its objects' behaviour, its demo data and its approval processes.
import { defineServerArea } from '@srm/platform';
import { agreementsArea } from './area';
import { agreementsApprovals } from './approval';
import { agreementsActions, agreementsSeeds } from './server';

export const agreementsServer = defineServerArea(agreementsArea, {
  actions: agreementsActions,
  seeds: agreementsSeeds,
  approvalTemplates: agreementsApprovals,
});
