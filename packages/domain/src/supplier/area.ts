// Suppliers (供应商管理): the area's manifest — its entities, labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { qualificationRequirement } from './qualification-requirement/qualification-requirement.entity';
import { supplierBlacklist } from './supplier-blacklist/supplier-blacklist.entity';
import { supplierCategoryOrgHistory } from './supplier-category-org/supplier-category-org-history.entity';
import { supplierCategoryOrg } from './supplier-category-org/supplier-category-org.entity';
import { supplierCredentialRemind } from './supplier-credential/supplier-credential.entity';
import { supplierDaily } from './supplier-daily/supplier-daily.entity';
import { supplierChange } from './supplier-change/supplier-change.entity';
import { supplierQuit } from './supplier-quit/supplier-quit.entity';
import { introScene } from './intro-scene/intro-scene.entity';
import { supplierLineChange } from './supplier-line-change/supplier-line-change.entity';
import { supplierIntro } from './supplier-intro/supplier-intro.entity';
import { qualifyCensor } from './qualify-censor/qualify-censor.entity';
import { supplierInfo } from './supplier-info/supplier-info.entity';
import { supplierLead } from './supplier-lead/supplier-lead.entity';
import { supplierRegister } from './supplier-register/supplier-register.entity';
import { supplierRegisterInvite } from './supplier-register-invite/supplier-register-invite.entity';

export const supplierArea = defineArea({
  name: 'supplier',
  // Headers; their lines (the master's sub-records, a registration's contacts and accounts) come with them.
  entities: [
    supplierInfo,
    supplierRegister,
    supplierRegisterInvite,
    supplierCategoryOrg,
    supplierCategoryOrgHistory,
    supplierLead,
    supplierBlacklist,
    qualificationRequirement,
    supplierCredentialRemind,
    supplierDaily,
    supplierChange,
    supplierQuit,
    introScene,
    supplierIntro,
    supplierLineChange,
    qualifyCensor,
  ],
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
      code: 'SUPPLIER_REGISTER_INVITE',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'registerInviteList',
      entity: 'srmSupplierRegisterInvite',
      order: 7,
    },
    {
      code: 'SUPPLIER_CATEGORY_ORG_HISTORY',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierCategoryOrgHistoryList',
      entity: 'srmSupplierCategoryOrgHistory',
      order: 35,
    },
    {
      code: 'QUALIFICATION_REQUIREMENT',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'qualificationRequirementList',
      entity: 'srmQualificationRequirement',
      order: 40,
    },
    {
      code: 'SUPPLIER_INTRO',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierIntroList',
      entity: 'srmSupplierIntro',
      order: 32,
    },
    {
      code: 'QUALIFY_CENSOR',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'qualifyCensorList',
      entity: 'srmQualifyCensor',
      order: 33,
    },
    {
      code: 'SUPPLIER_LINE_CHANGE',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierLineChangeList',
      entity: 'srmSupplierLineChange',
      order: 34,
    },
    {
      code: 'SUPPLIER_INTRO_SCENE',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'introSceneList',
      entity: 'srmSupplierIntroScene',
      order: 38,
    },
    {
      code: 'SUPPLIER_DAILY',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierDailyList',
      entity: 'srmSupplierDaily',
      order: 60,
    },
    {
      code: 'SUPPLIER_CHANGE',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierChangeList',
      entity: 'srmSupplierChange',
      order: 50,
    },
    {
      code: 'SUPPLIER_QUIT',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierQuitList',
      entity: 'srmSupplierQuit',
      order: 80,
    },
    {
      code: 'SUPPLIER_BLACKLIST',
      side: 'internal',
      under: 'SUPPLIER',
      path: 'supplierBlacklistList',
      entity: 'srmSupplierBlacklist',
      order: 90,
    },
    {
      code: 'EXT_SUPPLIER_BLACKLIST',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/myBlacklistList',
      entity: 'srmSupplierBlacklist',
      order: 30,
    },
    {
      code: 'EXT_SUPPLIER_LINE_CHANGE',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/myLineChangeList',
      entity: 'srmSupplierLineChange',
      order: 25,
    },
    {
      code: 'EXT_SUPPLIER_QUIT',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/myQuitList',
      entity: 'srmSupplierQuit',
      order: 35,
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
      code: 'EXT_SUPPLIER_CHANGE',
      side: 'external',
      under: 'EXT_COMPANY',
      path: 'supplier/myChangeList',
      entity: 'srmSupplierChange',
      order: 15,
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
      QUALIFICATION_REQUIREMENT: 'all',
      SUPPLIER_BLACKLIST: ['delete', 'doAbolish', 'doRelieve', 'doSubmit', 'export', 'save', 'view'],
      SUPPLIER_CATEGORY_ORG_HISTORY: ['export', 'view'],
      SUPPLIER_CATEGORY_ORG: 'all',
      SUPPLIER_CHANGE: ['delete', 'doAbolish', 'doRebase', 'doSubmit', 'export', 'save', 'view'],
      SUPPLIER_QUIT: ['delete', 'doAbolish', 'doSubmit', 'export', 'save', 'view'],
      SUPPLIER_INTRO: 'all',
      SUPPLIER_INTRO_SCENE: 'all',
      SUPPLIER_LINE_CHANGE: ['delete', 'doAbolish', 'doSubmit', 'export', 'save', 'view'],
      QUALIFY_CENSOR: ['delete', 'doAbolish', 'doSubmit', 'export', 'save', 'view'],
      SUPPLIER_LEAD: 'all',
      SUPPLIER_REGISTER_INVITE: 'all',
      SUPPLIER_DAILY: 'all',
      SUPPLIER_INFO: 'all',
      SUPPLIER_REGISTRATION: 'all',
    },
    PURCHASE_MANAGER: {
      QUALIFICATION_REQUIREMENT: ['export', 'view'],
      SUPPLIER_BLACKLIST: ['doApproval', 'doReject', 'export', 'view'],
      SUPPLIER_CATEGORY_ORG_HISTORY: ['export', 'view'],
      SUPPLIER_CATEGORY_ORG: ['export', 'view'],
      SUPPLIER_CHANGE: ['doApproval', 'doReject', 'export', 'view'],
      SUPPLIER_QUIT: ['doApproval', 'doReject', 'export', 'view'],
      SUPPLIER_INTRO: ['export', 'view'],
      SUPPLIER_INTRO_SCENE: ['export', 'view'],
      SUPPLIER_LINE_CHANGE: ['doApproval', 'doReject', 'export', 'view'],
      QUALIFY_CENSOR: ['doApproval', 'doReject', 'export', 'view'],
      SUPPLIER_LEAD: ['export', 'view'],
      SUPPLIER_REGISTER_INVITE: ['export', 'view'],
      SUPPLIER_DAILY: ['export', 'view'],
      SUPPLIER_INFO: ['export', 'view'],
      SUPPLIER_REGISTRATION: ['doApproval', 'doReject', 'export', 'view'],
    },
    FINANCE: {
      SUPPLIER_CATEGORY_ORG: ['export', 'view'],
      SUPPLIER_CHANGE: ['export', 'view'],
      SUPPLIER_INFO: ['export', 'view'],
      SUPPLIER_REGISTRATION: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_SUPPLIER_BLACKLIST: ['view'],
      EXT_SUPPLIER_CATEGORY_ORG: ['view'],
      EXT_SUPPLIER_CHANGE: ['delete', 'doAbolish', 'doRebase', 'doSubmit', 'export', 'save', 'view'],
      EXT_SUPPLIER_QUIT: ['view'],
      EXT_SUPPLIER_LINE_CHANGE: ['view'],
      EXT_SUPPLIER_INFO: ['view'],
    },
  },
});
