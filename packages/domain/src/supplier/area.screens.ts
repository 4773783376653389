// The web part of the supplier area: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierCategoryOrgScreens } from './supplier-category-org/supplier-category-org.screens';
import { supplierInfoScreens } from './supplier-info/supplier-info.screens';
import { supplierRegisterScreens } from './supplier-register/supplier-register.screens';

export const supplierWeb = defineAreaScreens('supplier', { 'zh-CN': zhCN, en }, [
  ...supplierRegisterScreens,
  ...supplierInfoScreens,
  ...supplierCategoryOrgScreens,
]);
