// Purchasing agreements (采购协议与货源): the approved supplier list with its applications and
// alterations, price agreements with step prices, organisations and quotas, demand forecasts and
// delivery plans, buyer and supplier side.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { ASL_STATUSES, asl } from './asl.entity';
import { aslApply, aslApplyLine } from './asl-apply.entity';
import { ASL_ALTERATION_TYPES, aslAlteration, aslAlterationLine } from './asl-alteration.entity';
import { agreement, agreementLine, agreementOrg, agreementQuota, agreementStep } from './agreement.entity';
import { forecast, forecastLine } from './forecast.entity';
import { deliveryPlan, deliveryPlanLine } from './delivery-plan.entity';

export {
  ASL_ALTERATION_TYPES,
  ASL_STATUSES,
  agreement,
  agreementLine,
  agreementOrg,
  agreementQuota,
  agreementStep,
  asl,
  aslAlteration,
  aslAlterationLine,
  aslApply,
  aslApplyLine,
  deliveryPlan,
  deliveryPlanLine,
  forecast,
  forecastLine,
};

export const agreementsEntities: EntityDef[] = [
  asl,
  aslApply,
  aslApplyLine,
  aslAlteration,
  aslAlterationLine,
  agreement,
  agreementLine,
  agreementStep,
  agreementOrg,
  agreementQuota,
  forecast,
  forecastLine,
  deliveryPlan,
  deliveryPlanLine,
];
export const agreementsMessages: Catalogue = { 'zh-CN': zhCN, en };
