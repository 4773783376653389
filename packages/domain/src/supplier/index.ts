// Supplier lifecycle (供应商管理): the supplier master and self-registration. The lifecycle
// documents (qualification, change of information, blacklist…) join this area later.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierInfo } from './supplier-info.entity';
import { supplierRegister } from './supplier-register.entity';
import { supplierCategoryOrg } from './supplier-category-org.entity';
import { supplierLineEntities } from './supplier-lines.entity';
import { supplierRegisterAccount, supplierRegisterContact } from './supplier-register-lines.entity';

export { supplierInfo, supplierRegister, supplierCategoryOrg };
export * from './supplier-lines.entity';
export * from './supplier-register-lines.entity';

export const supplierEntities: EntityDef[] = [
  supplierInfo,
  ...supplierLineEntities,
  supplierRegister,
  supplierRegisterContact,
  supplierRegisterAccount,
  supplierCategoryOrg,
];
export const supplierMessages: Catalogue = { 'zh-CN': zhCN, en };
