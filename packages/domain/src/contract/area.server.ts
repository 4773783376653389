// The server part of the area: its objects' behaviour and endpoints, its demo data and its
// approval processes.
import { defineServerArea } from '@srm/platform';
import { contractApprovals } from './approval';
import { contractArea } from './area';
import { contractSeeds } from './contract.seed';
import { contractActions } from './contract/contract.actions';
import { termsActions, termsEndpoints } from './terms/terms.actions';

export const contractServer = defineServerArea(contractArea, {
  actions: [termsActions, termsEndpoints, contractActions],
  seeds: contractSeeds,
  approvalTemplates: contractApprovals,
});
