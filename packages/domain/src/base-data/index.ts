// Base data (基础数据): organisations, categories, materials, units, currencies, payment terms,
// districts, storage locations, delivery information and business configuration.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { district } from './district.entity';

export { district };

export const baseDataEntities: EntityDef[] = [district];
export const baseDataMessages: Catalogue = { 'zh-CN': zhCN, en };
