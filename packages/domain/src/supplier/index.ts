// Supplier lifecycle (供应商管理): the supplier master and self-registration. The lifecycle
// documents (qualification, change of information, blacklist…) join this area later.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierInfo } from './supplier-info.entity';
import { supplierRegister } from './supplier-register.entity';
import { supplierCategoryOrg } from './supplier-category-org.entity';

export { supplierInfo, supplierRegister, supplierCategoryOrg };

export const supplierEntities: EntityDef[] = [supplierInfo, supplierRegister, supplierCategoryOrg];
export const supplierMessages: Catalogue = { 'zh-CN': zhCN, en };
