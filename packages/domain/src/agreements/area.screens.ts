// The web part of the area: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { aslScreens } from './asl/asl.screens';
import { aslApplyScreens } from './asl-apply/asl-apply.screens';
import { aslAlterationScreens } from './asl-alteration/asl-alteration.screens';
import { agreementScreens } from './agreement/agreement.screens';
import { supplierPlScreens } from './supplier-pl/supplier-pl.screens';
import { forecastScreens } from './forecast/forecast.screens';
import { deliveryPlanScreens } from './delivery-plan/delivery-plan.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const agreementsWeb = defineAreaScreens('agreements', labels, [
  ...aslScreens,
  ...aslApplyScreens,
  ...aslAlterationScreens,
  ...agreementScreens,
  ...supplierPlScreens,
  ...forecastScreens,
  ...deliveryPlanScreens,
]);
