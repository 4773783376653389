// Suppliers (供应商管理): the area's manifest — its entities, labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierCategoryOrg } from './supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from './supplier-info/supplier-info.entity';
import { supplierLead } from './supplier-lead/supplier-lead.entity';
import { supplierRegister } from './supplier-register/supplier-register.entity';

export const supplierArea = defineArea({
  name: 'supplier',
  // Headers; their lines (the master's sub-records, a registration's contacts and accounts) come with them.
  entities: [supplierInfo, supplierRegister, supplierCategoryOrg, supplierLead],
  messages: { 'zh-CN': zhCN, en },
  directories: [
    { code: 'SUPPLIER', side: 'internal', icon: 'team', order: 10 },
    { code: 'EXT_COMPANY', side: 'external', icon: 'bank', order: 40 },
  ],
  menus: [
    {
      code: 'SUPPLIER_REGISTRATION',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierRegistration',
      entity: 'srmSupplierRegister',
      order: 10,
    },
    {
      code: 'SUPPLIER_INFO',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierInfoList',
      entity: 'srmSupplierInfo',
      order: 20,
    },
    {
      code: 'SUPPLIER_CATEGORY_ORG',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierCategoryOrgList',
      entity: 'srmSupplierCategoryOrg',
      order: 30,
    },
    {
      code: 'SUPPLIER_LEAD',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierLeadList',
      entity: 'srmSupplierLead',
      order: 5,
    },
    {
      code: 'EXT_SUPPLIER_INFO',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/companyInfo',
      entity: 'srmSupplierInfo',
      order: 10,
    },
    {
      code: 'EXT_SUPPLIER_CATEGORY_ORG',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/myCategoryOrgList',
      entity: 'srmSupplierCategoryOrg',
      order: 20,
    },
  ],
  grants: {
    BUYER: {
      SUPPLIER_CATEGORY_ORG: 'all',
      SUPPLIER_LEAD: 'all',
      SUPPLIER_INFO: 'all',
      SUPPLIER_REGISTRATION: 'all',
    },
    PURCHASE_MANAGER: {
      SUPPLIER_CATEGORY_ORG: ['export', 'view'],
      SUPPLIER_LEAD: ['export', 'view'],
      SUPPLIER_INFO: ['export', 'view'],
      SUPPLIER_REGISTRATION: ['doApproval', 'doReject', 'export', 'view'],
    },
    FINANCE: {
      SUPPLIER_CATEGORY_ORG: ['export', 'view'],
      SUPPLIER_INFO: ['export', 'view'],
      SUPPLIER_REGISTRATION: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_SUPPLIER_CATEGORY_ORG: ['view'],
      EXT_SUPPLIER_INFO: ['save', 'view'],
    },
  },
});
