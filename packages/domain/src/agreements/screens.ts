// Screens of the agreements area (web): the spec's routes (catalogue §2.5), buyer and supplier side.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const asl = () => import('./asl.entity').then((m) => m.asl);
const agreement = () => import('./agreement.entity').then((m) => m.agreement);
const forecast = () => import('./forecast.entity').then((m) => m.forecast);
const deliveryPlan = () => import('./delivery-plan.entity').then((m) => m.deliveryPlan);

export const agreementsScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurAsl', asl, { list: 'srmPurAslList', edit: 'srmPurAslEdit' }),
  ...entityScreens('agreements', 'srmPurAsl', asl, {
    list: 'supplierPurAslList',
    edit: 'supplierPurAslEdit',
  }),
  ...entityScreens(
    'agreements',
    'srmPurAslApply',
    () => import('./asl-apply.entity').then((m) => m.aslApply),
    {
      list: 'purAslApplyList',
      edit: 'aslApplyManage/AslApplyEdit',
    },
  ),
  ...entityScreens(
    'agreements',
    'srmPurAslAlteration',
    () => import('./asl-alteration.entity').then((m) => m.aslAlteration),
    { list: 'purAslAlterationList', edit: 'aslAlterationManage/AslAlterationEdit' },
  ),
  ...entityScreens('agreements', 'srmPurAgreement', agreement, {
    list: 'srmPurAgreementList',
    edit: 'srmPurAgreementEdit',
  }),
  ...entityScreens('agreements', 'srmPurAgreement', agreement, {
    list: 'supplierPurAgreementList',
    edit: 'supplierPurAgreementEdit',
  }),
  ...entityScreens('agreements', 'srmPurForecast', forecast, {
    list: 'purForecastList',
    edit: 'purForecast/purForecastEdit',
  }),
  ...entityScreens('agreements', 'srmPurForecast', forecast, {
    list: 'supplierPurForecastList',
    edit: 'supplierPurForecastEdit',
  }),
  ...entityScreens('agreements', 'srmPurDeliveryPlan', deliveryPlan, {
    list: 'purDeliveryPlanList',
    edit: 'purDeliveryPlanEdit',
  }),
  ...entityScreens('agreements', 'srmPurDeliveryPlan', deliveryPlan, {
    list: 'supplierPurDeliveryPlanList',
    edit: 'supplierPurDeliveryPlanEdit',
  }),
];
