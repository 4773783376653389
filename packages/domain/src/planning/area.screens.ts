// The web part of the area: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { customerOrderScreens } from './customer-order/customer-order.screens';
import { procurementPlanScreens } from './procurement-plan/procurement-plan.screens';
import { productionPlanScreens } from './production-plan/production-plan.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const planningWeb = defineAreaScreens('planning', labels, [
  ...procurementPlanScreens,
  ...customerOrderScreens,
  ...productionPlanScreens,
]);
