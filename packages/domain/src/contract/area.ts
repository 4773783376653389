// Contracts (合同管理): the area's manifest — its entities, labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { contract } from './contract/contract.entity';
import { terms } from './terms/terms.entity';
import { contractTemplate } from './template/template.entity';
import { signAccount } from './sign-account/sign-account.entity';
import { contractWarning } from './warning/warning.entity';
import { contractWatermark } from './watermark/watermark.entity';
import { assetAcceptance } from './asset-acceptance/asset-acceptance.entity';

const CONTRACT_BUTTONS = [
  'delete',
  'doAlteration',
  'doAssetAcceptance',
  'createOrder',
  'settleRefund',
  'doConvertToMain',
  'doFinalize',
  'doSendConfirm',
  'doSignPaper',
  'doSubmit',
  'doTerminate',
  'doVoid',
  'export',
  'generateDocument',
  'querySignUrl',
  'save',
  'uploadRevision',
  'view',
];

export const contractArea = defineArea({
  name: 'contract',
  entities: [
    terms,
    contractTemplate,
    contract,
    assetAcceptance,
    signAccount,
    contractWarning,
    contractWatermark,
  ], // headers; their lines come with them
  messages: { 'zh-CN': zhCN, en },
  directories: [
    { code: 'CONTRACT', side: 'internal', icon: 'audit', order: 45 },
    { code: 'EXT_CONTRACT', side: 'external', icon: 'audit', order: 45 },
  ],
  menus: [
    {
      code: 'CCT_CONTRACT',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctContractList',
      entity: 'srmCctContract',
      order: 10,
    },
    {
      code: 'CCT_TEMPLATE',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctTemplateList',
      entity: 'srmCctTemplate',
      order: 30,
    },
    {
      code: 'CCT_TERMS',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctTermsList',
      entity: 'srmCctTerms',
      order: 40,
    },
    {
      code: 'CCT_SIGN_ACCOUNT',
      side: 'internal',
      under: 'CONTRACT',
      path: 'signAccountList',
      entity: 'srmCctSignAccount',
      order: 50,
    },
    {
      code: 'CCT_ASSET_ACCEPTANCE',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctAssetAcceptanceList',
      entity: 'srmCctAssetAcceptance',
      order: 15,
    },
    {
      code: 'EXT_CCT_ASSET_ACCEPTANCE',
      side: 'external',
      under: 'EXT_CONTRACT',
      path: 'supplierAssetAcceptanceList',
      entity: 'srmCctAssetAcceptance',
      order: 12,
    },
    {
      code: 'CCT_WATERMARK_INSIDE',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctWatermarkListInside',
      entity: 'srmCctWatermark',
      order: 60,
    },
    {
      code: 'CCT_WATERMARK_SUPP',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctWatermarkListSupp',
      entity: 'srmCctWatermark',
      order: 61,
    },
    {
      code: 'CCT_CONTRACT_EXECUTION',
      side: 'internal',
      under: 'CONTRACT',
      path: 'enhancedContractList',
      entity: 'srmCctContract',
      order: 15,
    },
    {
      code: 'CCT_WARNING',
      side: 'internal',
      under: 'CONTRACT',
      path: 'cctWarningList',
      entity: 'srmCctWarning',
      order: 20,
    },
    {
      code: 'EXT_CCT_WARNING',
      side: 'external',
      under: 'EXT_CONTRACT',
      path: 'supplierWarningList',
      entity: 'srmCctWarning',
      order: 15,
    },
    {
      code: 'EXT_CCT_CONTRACT',
      side: 'external',
      under: 'EXT_CONTRACT',
      path: 'supplierContractList',
      entity: 'srmCctContract',
      order: 10,
    },
    {
      code: 'EXT_CCT_SIGN_ACCOUNT',
      side: 'external',
      under: 'EXT_CONTRACT',
      path: 'supplierSignAccountList',
      entity: 'srmCctSignAccount',
      order: 20,
    },
  ],
  grants: {
    BUYER: {
      CCT_CONTRACT: CONTRACT_BUTTONS,
      CCT_TERMS: ['delete', 'doAlteration', 'doInvalid', 'doSubmit', 'export', 'save', 'view'],
      CCT_TEMPLATE: ['delete', 'doAlteration', 'doInvalid', 'doSubmit', 'export', 'save', 'view'],
      CCT_WARNING: ['export', 'view'],
      CCT_CONTRACT_EXECUTION: ['export', 'view'],
      CCT_ASSET_ACCEPTANCE: ['delete', 'doSubmit', 'export', 'save', 'view'],
      CCT_WATERMARK_INSIDE: ['delete', 'export', 'save', 'view'],
      CCT_WATERMARK_SUPP: ['delete', 'export', 'save', 'view'],
      CCT_SIGN_ACCOUNT: [
        'delete',
        'doActivate',
        'doRenew',
        'doResume',
        'doRevoke',
        'doSuspend',
        'export',
        'save',
        'view',
      ],
    },
    PURCHASE_MANAGER: {
      CCT_CONTRACT: ['export', 'view'],
      CCT_ASSET_ACCEPTANCE: ['export', 'view'],
      CCT_TERMS: ['export', 'view'],
      CCT_TEMPLATE: ['export', 'view'],
      CCT_WARNING: ['export', 'view'],
      CCT_CONTRACT_EXECUTION: ['export', 'view'],
    },
    FINANCE: {
      CCT_CONTRACT: ['export', 'view'],
      CCT_WARNING: ['export', 'view'],
      CCT_CONTRACT_EXECUTION: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_CCT_CONTRACT: [
        'doSupplierConfirm',
        'doSupplierRefuse',
        'export',
        'querySignUrl',
        'uploadRevision',
        'view',
      ],
      EXT_CCT_SIGN_ACCOUNT: ['view'],
      EXT_CCT_ASSET_ACCEPTANCE: ['export', 'view'],
      EXT_CCT_WARNING: ['export', 'view'],
    },
  },
});
