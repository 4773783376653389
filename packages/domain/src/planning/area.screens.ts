// The web part of the area: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { customerOrderScreens } from './customer-order/customer-order.screens';
import { procurementPlanScreens } from './procurement-plan/procurement-plan.screens';
import { productionPlanScreens } from './production-plan/production-plan.screens';

export const planningWeb = defineAreaScreens('planning', { 'zh-CN': zhCN, en }, [
  ...procurementPlanScreens,
  ...customerOrderScreens,
  ...productionPlanScreens,
]);
