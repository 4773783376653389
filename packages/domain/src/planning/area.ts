// Planning (计划协同): the area's manifest — its entities, labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { customerOrder } from './customer-order/customer-order.entity';
import { procurementPlan } from './procurement-plan/procurement-plan.entity';
import { productionPlan } from './production-plan/production-plan.entity';

export const planningArea = defineArea({
  name: 'planning',
  entities: [procurementPlan, customerOrder, productionPlan],
  messages: { 'zh-CN': zhCN, en },
  directories: [],
  menus: [
    {
      code: 'PUR_PROCUREMENT_PLAN',
      side: 'internal',
      under: 'PUR_PLAN',
      path: 'procurementPlanList',
      entity: 'srmPurProcurementPlan',
      order: 20,
    },
    {
      code: 'PUR_CUSTOMER_ORDER',
      side: 'internal',
      under: 'PUR_PLAN',
      path: 'customerOrderList',
      entity: 'srmPurCustomerOrder',
      order: 30,
    },
    {
      code: 'PUR_PRODUCTION_PLAN',
      side: 'internal',
      under: 'PUR_PLAN',
      path: 'productionPlanList',
      entity: 'srmPurProductionPlan',
      order: 40,
    },
    {
      code: 'EXT_PUR_PRODUCTION_PLAN',
      side: 'external',
      under: 'EXT_PUR_PLAN',
      path: 'supplierProductionPlanList',
      entity: 'srmPurProductionPlan',
      order: 30,
    },
  ],
  grants: {
    BUYER: {
      PUR_CUSTOMER_ORDER: [
        'checkPriceChange',
        'delete',
        'doAdjust',
        'doCancel',
        'doChange',
        'doClose',
        'doInvalid',
        'doPublish',
        'doSubmit',
        'doWithdraw',
        'export',
        'import',
        'save',
        'splitQuota',
        'view',
      ],
      PUR_PROCUREMENT_PLAN: [
        'checkPriceChange',
        'delete',
        'doAdjust',
        'doCancel',
        'doChange',
        'doClose',
        'doInvalid',
        'doPublish',
        'doSubmit',
        'doWithdraw',
        'export',
        'import',
        'save',
        'splitQuota',
        'view',
      ],
      PUR_PRODUCTION_PLAN: [
        'checkPriceChange',
        'delete',
        'doAdjust',
        'doCancel',
        'doChange',
        'doClose',
        'doInvalid',
        'doPublish',
        'doSubmit',
        'doWithdraw',
        'export',
        'import',
        'save',
        'splitQuota',
        'view',
      ],
    },
    PURCHASE_MANAGER: {
      PUR_CUSTOMER_ORDER: ['export', 'view'],
      PUR_PROCUREMENT_PLAN: ['export', 'view'],
      PUR_PRODUCTION_PLAN: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_PUR_PRODUCTION_PLAN: ['delete', 'export', 'import', 'save', 'view'],
    },
  },
});
