// Every area's labels and messages without their definitions: what the web's shell needs to
// name menus and tabs before any screen (and its entities) has loaded.
import { type Catalogue, mergeCatalogues } from '@srm/kernel';
import baseDataZh from './base-data/locales/zh-CN.json';
import baseDataEn from './base-data/locales/en.json';
import supplierZh from './supplier/locales/zh-CN.json';
import supplierEn from './supplier/locales/en.json';
import agreementsZh from './agreements/locales/zh-CN.json';
import agreementsEn from './agreements/locales/en.json';
import purchasingZh from './purchasing/locales/zh-CN.json';
import purchasingEn from './purchasing/locales/en.json';
import deliveryZh from './delivery/locales/zh-CN.json';
import deliveryEn from './delivery/locales/en.json';
import receivingZh from './receiving/locales/zh-CN.json';
import receivingEn from './receiving/locales/en.json';
import planningZh from './planning/locales/zh-CN.json';
import planningEn from './planning/locales/en.json';

export const domainMessages: Catalogue = mergeCatalogues(
  { 'zh-CN': baseDataZh, en: baseDataEn },
  { 'zh-CN': supplierZh, en: supplierEn },
  { 'zh-CN': agreementsZh, en: agreementsEn },
  { 'zh-CN': purchasingZh, en: purchasingEn },
  { 'zh-CN': deliveryZh, en: deliveryEn },
  { 'zh-CN': receivingZh, en: receivingEn },
  { 'zh-CN': planningZh, en: planningEn },
);
