// Screens of production plans (web): the supplier keeps its own, the buyer reads them.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const productionPlan = () => import('./production-plan.entity').then((m) => m.productionPlan);

export const productionPlanScreens: ScreenEntry[] = [
  ...entityScreens('planning', 'srmPurProductionPlan', productionPlan, {
    list: 'productionPlanList',
    edit: 'productionPlanEdit',
  }),
  ...entityScreens('planning', 'srmPurProductionPlan', productionPlan, {
    list: 'supplierProductionPlanList',
    edit: 'supplierProductionPlanEdit',
  }),
];
