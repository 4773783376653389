// The menu plan: the menu tree the demo company starts with, each entry's screen route and the
// entity whose operations become its buttons (resources). The admin seed writes it into the
// menu tables; the web's screen registry must know every route (a test checks both agree).
// Pure data, so the server's seed and the web's test can both read it.
import { BPM_REASSIGN_RESOURCE } from '@srm/kernel';

export interface MenuPlanEntry {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  /** A directory groups entries; a menu opens a screen. */
  readonly children?: readonly MenuPlanEntry[];
  /** The screen's route (htmlUrl). */
  readonly path?: string;
  /** The entity whose operations are the menu's buttons. */
  readonly entity?: string;
  /** Buttons of a screen that shows no entity: resource codes its server routes require. */
  readonly resources?: readonly string[];
  readonly icon?: string;
}

export interface MenuPlan {
  readonly internal: readonly MenuPlanEntry[];
  readonly external: readonly MenuPlanEntry[];
}

export const menuPlan: MenuPlan = {
  internal: [
    {
      code: 'SUPPLIER',
      name: '供应商管理',
      nameEn: 'Suppliers',
      icon: 'team',
      children: [
        {
          code: 'SUPPLIER_REGISTRATION',
          name: '供应商注册审核',
          nameEn: 'Registration review',
          path: 'supplierRegistration',
          entity: 'srmSupplierRegister',
        },
        {
          code: 'SUPPLIER_INFO',
          name: '供应商信息',
          nameEn: 'Suppliers',
          path: 'supplierInfoList',
          entity: 'srmSupplierInfo',
        },
        {
          code: 'SUPPLIER_CATEGORY_ORG',
          name: '品类组织库',
          nameEn: 'Category and org library',
          path: 'supplierCategoryOrgList',
          entity: 'srmSupplierCategoryOrg',
        },
      ],
    },
    {
      code: 'PUR_SOURCE',
      name: '货源与协议',
      nameEn: 'Sources and agreements',
      icon: 'solution',
      children: [
        {
          code: 'PUR_ASL',
          name: '合格供应商清单',
          nameEn: 'Approved supplier list',
          path: 'srmPurAslList',
          entity: 'srmPurAsl',
        },
        {
          code: 'PUR_ASL_APPLY',
          name: '货源申请',
          nameEn: 'ASL applications',
          path: 'purAslApplyList',
          entity: 'srmPurAslApply',
        },
        {
          code: 'PUR_ASL_ALTERATION',
          name: '货源变更',
          nameEn: 'ASL alterations',
          path: 'purAslAlterationList',
          entity: 'srmPurAslAlteration',
        },
        {
          code: 'PUR_AGREEMENT',
          name: '采购协议',
          nameEn: 'Agreements',
          path: 'srmPurAgreementList',
          entity: 'srmPurAgreement',
        },
      ],
    },
    {
      code: 'PUR_PLAN',
      name: '计划协同',
      nameEn: 'Planning',
      icon: 'schedule',
      children: [
        {
          code: 'PUR_FORECAST',
          name: '需求预测',
          nameEn: 'Forecasts',
          path: 'purForecastList',
          entity: 'srmPurForecast',
        },
        {
          code: 'PUR_PROCUREMENT_PLAN',
          name: '采购计划',
          nameEn: 'Procurement plans',
          path: 'procurementPlanList',
          entity: 'srmPurProcurementPlan',
        },
        {
          code: 'PUR_CUSTOMER_ORDER',
          name: '客户订单',
          nameEn: 'Customer orders',
          path: 'customerOrderList',
          entity: 'srmPurCustomerOrder',
        },
        {
          code: 'PUR_PRODUCTION_PLAN',
          name: '供应商生产计划',
          nameEn: 'Supplier production plans',
          path: 'productionPlanList',
          entity: 'srmPurProductionPlan',
        },
        {
          code: 'PUR_DELIVERY_PLAN',
          name: '交货计划',
          nameEn: 'Delivery plans',
          path: 'purDeliveryPlanList',
          entity: 'srmPurDeliveryPlan',
        },
      ],
    },
    {
      code: 'BASE_DATA',
      name: '基础数据',
      nameEn: 'Base data',
      icon: 'database',
      children: [
        {
          code: 'BASE_ORG',
          name: '组织机构',
          nameEn: 'Organisations',
          path: 'institution',
          entity: 'srmBaseOrg',
        },
        {
          code: 'BASE_ORG_RELATION',
          name: '组织关联',
          nameEn: 'Organisation relations',
          path: 'orgAssociationList',
          entity: 'srmBaseOrgRelation',
        },
        {
          code: 'BASE_CATEGORY',
          name: '采购品类',
          nameEn: 'Purchase categories',
          path: 'purchaseCassificationManagement',
          entity: 'srmBaseCategory',
        },
        {
          code: 'BASE_ITEM',
          name: '物料管理',
          nameEn: 'Materials',
          path: 'materialManagement',
          entity: 'srmBaseItem',
        },
        {
          code: 'BASE_ITEM_ORG',
          name: '组织物料查询',
          nameEn: 'Materials by organisation',
          path: 'organizationMaterialQuery',
          entity: 'srmBaseItemOrg',
        },
        {
          code: 'BASE_UOM',
          name: '计量单位',
          nameEn: 'Units of measure',
          path: 'srmBaseUomList',
          entity: 'srmBaseUom',
        },
        {
          code: 'BASE_CURRENCY',
          name: '币种',
          nameEn: 'Currencies',
          path: 'srmBaseCurrencyList',
          entity: 'srmBaseCurrency',
        },
        {
          code: 'BASE_EXCHANGE_RATE',
          name: '汇率管理',
          nameEn: 'Exchange rates',
          path: 'exchangeRateManagement',
          entity: 'srmBaseExchangeRate',
        },
        {
          code: 'BASE_PAYMENT_TERM',
          name: '付款条件',
          nameEn: 'Payment terms',
          path: 'paymentProportionManagement',
          entity: 'srmBasePaymentTerm',
        },
        {
          code: 'BASE_DISTRICT',
          name: '行政区划',
          nameEn: 'Districts',
          path: 'srmBaseDistrictList',
          entity: 'srmBaseDistrict',
        },
        {
          code: 'BASE_STORAGE_LOCATION',
          name: '库存地点',
          nameEn: 'Storage locations',
          path: 'storageLocationList',
          entity: 'srmBaseStorageLocation',
        },
        {
          code: 'BASE_DELIVERY_INFO',
          name: '收货信息',
          nameEn: 'Delivery information',
          path: 'deliveryInfoList',
          entity: 'srmBaseDeliveryInfo',
        },
        {
          code: 'BASE_CONFIG_PROFILE',
          name: '业务配置',
          nameEn: 'Business configuration',
          path: 'srmBaseConfigProfileList',
          entity: 'srmBaseConfigProfile',
        },
      ],
    },
    {
      code: 'PURCHASING',
      name: '采购管理',
      nameEn: 'Purchasing',
      icon: 'shopping-cart',
      children: [
        {
          code: 'PUR_REQUISITION',
          name: '采购申请',
          nameEn: 'Requisitions',
          path: 'purRequisitionList',
          entity: 'srmPurRequisitionHeader',
        },
        {
          code: 'PUR_DEMAND_SUMMARY',
          name: '需求汇总',
          nameEn: 'Demand pool',
          path: 'demandSummary',
          entity: 'srmPurRequisitionLine',
        },
        {
          code: 'PUR_ORDER',
          name: '采购订单',
          nameEn: 'Purchase orders',
          path: 'purOrderList',
          entity: 'srmPoHeader',
        },
        {
          code: 'PUR_ORDER_LINE',
          name: '采购订单行',
          nameEn: 'Order lines',
          path: 'purOrderLineList',
          entity: 'srmPoLine',
        },
        {
          code: 'PUR_DELIVERY_NOTICE',
          name: '送货通知',
          nameEn: 'Delivery notices',
          path: 'purDeliveryNoticeList',
          entity: 'srmPurDeliveryNotice',
        },
        {
          code: 'PUR_ASN',
          name: '送货单',
          nameEn: 'Delivery notes',
          path: 'purAsnList',
          entity: 'srmPurAsnHeader',
        },
        {
          code: 'PUR_DEAL_DELIVERY',
          name: '待处理送货单',
          nameEn: 'Delivery notes to process',
          path: 'dealDeliveryList',
          entity: 'srmPurAsnHeader',
        },
        {
          code: 'PUR_ASN_LINE',
          name: '送货单明细',
          nameEn: 'Delivery note lines',
          path: 'purAsnLineList',
          entity: 'srmPurAsnLine',
        },
        {
          code: 'PUR_ASN_BARCODE',
          name: '送货单条码',
          nameEn: 'Delivery note barcodes',
          path: 'purAsnBarcodeList',
          entity: 'srmPurAsnBarcode',
        },
        {
          code: 'PUR_PRICE_HISTORY',
          name: '采购历史',
          nameEn: 'Purchase history',
          path: 'purchaseHistoryList',
          entity: 'srmPurPriceHistory',
        },
        {
          code: 'PUR_BILL_TYPE',
          name: '采购单据类型',
          nameEn: 'Purchase document types',
          path: 'purBillTypeList',
          entity: 'srmPurBillType',
        },
      ],
    },
    {
      code: 'RECEIVING',
      name: '收货管理',
      nameEn: 'Receiving',
      icon: 'inbox',
      children: [
        {
          code: 'PUR_RECEIVE',
          name: '收货单',
          nameEn: 'Receipts',
          path: 'receiveList',
          entity: 'srmPurReceiveHeader',
        },
        {
          code: 'PUR_RECEIVE_LINE',
          name: '收货明细',
          nameEn: 'Receipt lines',
          path: 'receiveLineList',
          entity: 'srmPurReceiveLine',
        },
        {
          code: 'PUR_TRANSACTIONS',
          name: '接收事务',
          nameEn: 'Receiving transactions',
          path: 'transactionsList',
          entity: 'srmPurTransaction',
        },
        {
          code: 'PUR_STORAGE_TRANSACTIONS',
          name: '出入库事务',
          nameEn: 'Stock transactions',
          path: 'storageTransactionList',
          entity: 'srmPurStorageTransaction',
        },
        {
          code: 'PUR_WRITE_OFF',
          name: '收货核销',
          nameEn: 'Receipt write-off',
          path: 'writeOffList',
          entity: 'srmPurWriteOff',
        },
      ],
    },
    {
      code: 'WORKFLOW',
      name: '流程管理',
      nameEn: 'Workflow',
      icon: 'audit',
      children: [
        { code: 'BPM_MY_APPROVAL', name: '我的待办', nameEn: 'My to-dos', path: 'myApproval' },
        { code: 'BPM_HANDLED', name: '我的已办', nameEn: 'Handled', path: 'insideHandledList' },
        { code: 'BPM_MY_PROCESSES', name: '我的流程', nameEn: 'My processes', path: 'myBpmMatterList' },
        { code: 'BPM_MESSAGES', name: '我的消息', nameEn: 'My messages', path: 'receiveMessageList' },
        {
          code: 'BPM_TEMPLATE',
          name: '流程模板',
          nameEn: 'Process templates',
          path: 'srmBaseProcessTemplateList',
          entity: 'srmBaseProcessTemplate',
        },
        {
          code: 'BPM_MONITORING',
          name: '流程监控',
          nameEn: 'Process monitoring',
          path: 'processMonitoring',
          resources: [BPM_REASSIGN_RESOURCE],
        },
      ],
    },
    {
      code: 'SYSTEM',
      name: '系统管理',
      nameEn: 'Administration',
      icon: 'setting',
      children: [
        { code: 'SYS_USER', name: '用户管理', nameEn: 'Users', path: 'user', entity: 'baseUser' },
        {
          code: 'SYS_RESPONSIBILITY',
          name: '职责管理',
          nameEn: 'Responsibilities',
          path: 'systemsetting/responsibility',
          entity: 'baseResponsibility',
        },
        {
          code: 'SYS_ROLE',
          name: '角色管理',
          nameEn: 'Roles',
          path: 'systemsetting/role',
          entity: 'baseRole',
        },
        {
          code: 'SYS_MENU',
          name: '菜单管理',
          nameEn: 'Menus',
          path: 'systemsetting/menuFunction',
          entity: 'baseMenu',
        },
        {
          code: 'SYS_USER_AUTHORISATION',
          name: '用户授权',
          nameEn: 'Delegations',
          path: 'userAuthorisationList',
          entity: 'baseUserAuthorisation',
        },
        {
          code: 'SYS_DEPARTMENT',
          name: '部门管理',
          nameEn: 'Departments',
          path: 'department',
          entity: 'baseDepartment',
        },
        {
          code: 'SYS_EMPLOYEE',
          name: '员工管理',
          nameEn: 'Employees',
          path: 'employee',
          entity: 'baseEmployee',
        },
        {
          code: 'SYS_POSITION',
          name: '岗位管理',
          nameEn: 'Positions',
          path: 'position',
          entity: 'basePosition',
        },
        {
          code: 'SYS_POSITION_LEVEL',
          name: '职级管理',
          nameEn: 'Position levels',
          path: 'positionLevel',
          entity: 'basePositionLevel',
        },
        { code: 'SYS_JOB', name: '职务管理', nameEn: 'Jobs', path: 'job', entity: 'baseJob' },
        {
          code: 'SYS_LOOKUP',
          name: '快码管理',
          nameEn: 'Lookups',
          path: 'lookuptype',
          entity: 'baseLookupType',
        },
        { code: 'SYS_PROFILE', name: '配置文件', nameEn: 'Profiles', path: 'profile', entity: 'baseProfile' },
        {
          code: 'SYS_LOGIN_LOG',
          name: '登录日志',
          nameEn: 'Sign-in log',
          path: 'log',
          entity: 'baseLoginLog',
        },
        {
          code: 'SYS_MESSAGE_LOG',
          name: '消息发送记录',
          nameEn: 'Messages sent',
          path: 'msgLog',
          entity: 'baseMessageLog',
        },
        { code: 'SYS_TOOLKIT', name: '组件示例', nameEn: 'Toolkit gallery', path: 'toolkitGallery' },
      ],
    },
    {
      code: 'DEV_TOOLKIT',
      name: '开发工具',
      nameEn: 'Developer tools',
      icon: 'tool',
      children: [
        { code: 'DEV_TOOLKIT_GRID', name: '表格组件示例', nameEn: 'Grid gallery', path: 'toolkit/grid' },
      ],
    },
  ],
  external: [
    {
      code: 'EXT_PURCHASING',
      name: '采购协同',
      nameEn: 'Purchasing',
      icon: 'shopping-cart',
      children: [
        {
          code: 'EXT_PUR_ORDER_CONFIRM',
          name: '待确认订单',
          nameEn: 'Orders to confirm',
          path: 'supplierPurOrderConfirmList',
          entity: 'srmPoHeader',
        },
        {
          code: 'EXT_PUR_ORDER',
          name: '我的订单',
          nameEn: 'My orders',
          path: 'supplierPurOrderList',
          entity: 'srmPoHeader',
        },
        {
          code: 'EXT_PUR_DELIVERY_NOTICE',
          name: '送货通知',
          nameEn: 'Delivery notices',
          path: 'supplierDeliveryNoticeList',
          entity: 'srmPurDeliveryNotice',
        },
        {
          code: 'EXT_PUR_ASN',
          name: '我的送货单',
          nameEn: 'My delivery notes',
          path: 'supplierAsnList',
          entity: 'srmPurAsnHeader',
        },
        {
          code: 'EXT_PUR_ASN_BATCH_TEMP',
          name: '批量暂存',
          nameEn: 'Batch delivery drafts',
          path: 'supplierAsnBatchTempEdit',
          entity: 'srmPurAsnBatchTemp',
        },
        {
          code: 'EXT_PUR_ASN_BARCODE',
          name: '送货单条码',
          nameEn: 'Delivery note barcodes',
          path: 'supplierAsnBarcodeList',
          entity: 'srmPurAsnBarcode',
        },
        {
          code: 'EXT_PUR_RECEIVE',
          name: '收货记录',
          nameEn: 'Receipts',
          path: 'supplierReceiveList',
          entity: 'srmPurReceiveHeader',
        },
        {
          code: 'EXT_PUR_TRANSACTIONS',
          name: '接收事务',
          nameEn: 'Receiving transactions',
          path: 'supplierTransactionsList',
          entity: 'srmPurTransaction',
        },
      ],
    },
    {
      code: 'EXT_WORKFLOW',
      name: '待办事项',
      nameEn: 'To-dos',
      icon: 'audit',
      children: [
        { code: 'EXT_BPM_PENDING', name: '待办', nameEn: 'Pending', path: 'supplierPendingList' },
        { code: 'EXT_BPM_HANDLED', name: '已办', nameEn: 'Handled', path: 'supplierHandledList' },
        { code: 'EXT_MESSAGES', name: '我的消息', nameEn: 'My messages', path: 'receiveMessageList' },
      ],
    },
    {
      code: 'EXT_PUR_PLAN',
      name: '计划协同',
      nameEn: 'Planning',
      icon: 'schedule',
      children: [
        {
          code: 'EXT_PUR_FORECAST',
          name: '需求预测',
          nameEn: 'Forecasts',
          path: 'supplierPurForecastList',
          entity: 'srmPurForecast',
        },
        {
          code: 'EXT_PUR_DELIVERY_PLAN',
          name: '交货计划',
          nameEn: 'Delivery plans',
          path: 'supplierPurDeliveryPlanList',
          entity: 'srmPurDeliveryPlan',
        },
        {
          code: 'EXT_PUR_PRODUCTION_PLAN',
          name: '生产计划',
          nameEn: 'Production plans',
          path: 'supplierProductionPlanList',
          entity: 'srmPurProductionPlan',
        },
        {
          code: 'EXT_PUR_AGREEMENT',
          name: '采购协议',
          nameEn: 'Agreements',
          path: 'supplierPurAgreementList',
          entity: 'srmPurAgreement',
        },
        {
          code: 'EXT_PUR_ASL',
          name: '我的货源',
          nameEn: 'My approved items',
          path: 'supplierPurAslList',
          entity: 'srmPurAsl',
        },
      ],
    },
    {
      code: 'EXT_COMPANY',
      name: '企业信息',
      nameEn: 'Company',
      icon: 'bank',
      children: [
        {
          code: 'EXT_SUPPLIER_INFO',
          name: '我的企业信息',
          nameEn: 'My company',
          path: 'supplier/companyInfo',
          entity: 'srmSupplierInfo',
        },
        {
          code: 'EXT_SUPPLIER_CATEGORY_ORG',
          name: '我的供货品类',
          nameEn: 'My categories and organisations',
          path: 'supplier/myCategoryOrgList',
          entity: 'srmSupplierCategoryOrg',
        },
      ],
    },
  ],
};

/** Every menu entry with a screen, in order. */
export function plannedScreens(plan: MenuPlan = menuPlan): MenuPlanEntry[] {
  const out: MenuPlanEntry[] = [];
  const walk = (entries: readonly MenuPlanEntry[]) => {
    for (const entry of entries) {
      if (entry.path) out.push(entry);
      if (entry.children) walk(entry.children);
    }
  };
  walk(plan.internal);
  walk(plan.external);
  return out;
}
