// The server part of the area: its objects' behaviour and endpoints, its demo data and its
// approval processes.
import { defineServerArea } from '@srm/platform';
import { agreementsApprovals } from './approval';
import { agreementsArea } from './area';
import { agreementsSeeds } from './agreements.seed';
import { agreementActions } from './agreement/agreement.actions';
import { agreementEndpoints } from './agreement/agreement.endpoints';
import { aslEndpoints } from './asl/asl.endpoints';
import { aslFromIntroduction } from './asl/asl.from-introduction';
import { aslAlterationActions } from './asl-alteration/asl-alteration.actions';
import { aslApplyActions } from './asl-apply/asl-apply.actions';
import { deliveryPlanActions } from './delivery-plan/delivery-plan.actions';
import { forecastActions } from './forecast/forecast.actions';

export const agreementsServer = defineServerArea(agreementsArea, {
  actions: [
    aslEndpoints,
    aslApplyActions,
    aslAlterationActions,
    agreementActions,
    agreementEndpoints,
    forecastActions,
    deliveryPlanActions,
  ],
  seeds: agreementsSeeds,
  approvalTemplates: agreementsApprovals,
  observers: [aslFromIntroduction],
});
