// Purchasing agreements (采购协议与货源): the approved supplier list with its applications and
// alterations, price agreements with step prices, organisations and quotas, demand forecasts and
// delivery plans, buyer and supplier side. The area's public face to other areas (isomorphic):
// its definitions and constants.
export { ASL_STATUSES, asl } from './asl/asl.entity';
export { ASL_APPLY_PROCESS, aslApply } from './asl-apply/asl-apply.entity';
export { aslApplyLine } from './asl-apply/asl-apply-line.entity';
export { ASL_ALTERATION_PROCESS, aslAlteration } from './asl-alteration/asl-alteration.entity';
export { ASL_ALTERATION_TYPES, aslAlterationLine } from './asl-alteration/asl-alteration-line.entity';
export { AGREEMENT_PROCESS, agreement } from './agreement/agreement.entity';
export {
  agreementLine,
  agreementOrg,
  agreementQuota,
  agreementStep,
} from './agreement/agreement-lines.entity';
export { PL_SOURCES, supplierPl } from './supplier-pl/supplier-pl.entity';
export { forecast } from './forecast/forecast.entity';
export { forecastLine } from './forecast/forecast-line.entity';
export { deliveryPlan } from './delivery-plan/delivery-plan.entity';
export { deliveryPlanLine } from './delivery-plan/delivery-plan-line.entity';
