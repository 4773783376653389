// Screens of planning (web): procurement plans and customer orders for the buyer, production
// plans for both sides (the supplier keeps its own; the buyer reads them).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const plans = () => import('./plans.entity');
const production = () => plans().then((m) => m.productionPlan);

export const planningScreens: ScreenEntry[] = [
  ...entityScreens('planning', 'srmPurProcurementPlan', () => plans().then((m) => m.procurementPlan), {
    list: 'procurementPlanList',
    edit: 'procurementPlanEdit',
  }),
  ...entityScreens('planning', 'srmPurCustomerOrder', () => plans().then((m) => m.customerOrder), {
    list: 'customerOrderList',
    edit: 'customerOrderEdit',
  }),
  ...entityScreens('planning', 'srmPurProductionPlan', production, {
    list: 'productionPlanList',
    edit: 'productionPlanEdit',
  }),
  ...entityScreens('planning', 'srmPurProductionPlan', production, {
    list: 'supplierProductionPlanList',
    edit: 'supplierProductionPlanEdit',
  }),
];
