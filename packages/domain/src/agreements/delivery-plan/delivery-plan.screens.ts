// Screens of delivery plans (web): the buyer's plans and the supplier's, which it confirms.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const deliveryPlan = () => import('./delivery-plan.entity').then((m) => m.deliveryPlan);

export const deliveryPlanScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurDeliveryPlan', deliveryPlan, {
    list: 'purDeliveryPlanList',
    edit: 'purDeliveryPlanEdit',
  }),
  ...entityScreens('agreements', 'srmPurDeliveryPlan', deliveryPlan, {
    list: 'supplierPurDeliveryPlanList',
    edit: 'supplierPurDeliveryPlanEdit',
  }),
];
