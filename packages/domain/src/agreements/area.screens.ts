// The web part of the area: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { aslScreens } from './asl/asl.screens';
import { aslApplyScreens } from './asl-apply/asl-apply.screens';
import { aslAlterationScreens } from './asl-alteration/asl-alteration.screens';
import { agreementScreens } from './agreement/agreement.screens';
import { forecastScreens } from './forecast/forecast.screens';
import { deliveryPlanScreens } from './delivery-plan/delivery-plan.screens';

export const agreementsWeb = defineAreaScreens('agreements', { 'zh-CN': zhCN, en }, [
  ...aslScreens,
  ...aslApplyScreens,
  ...aslAlterationScreens,
  ...agreementScreens,
  ...forecastScreens,
  ...deliveryPlanScreens,
]);
