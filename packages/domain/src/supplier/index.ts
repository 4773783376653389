// Supplier lifecycle (供应商管理): the supplier master, self-registration and the category and org
// library. The area's public face to other areas (isomorphic): its definitions and constants.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierCategoryOrg } from './supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from './supplier-info/supplier-info.entity';
import { supplierLineEntities } from './supplier-info/supplier-lines.entity';
import { supplierRegister } from './supplier-register/supplier-register.entity';
import {
  supplierRegisterAccount,
  supplierRegisterContact,
} from './supplier-register/supplier-register-lines.entity';

export { supplierInfo, supplierRegister, supplierCategoryOrg };
export {
  ORDERABLE_SUPPLIER_STATES,
  SUPPLIER_LEVELS,
  SUPPLIER_STATES,
} from './supplier-info/supplier-info.entity';
export { eligibilityAdvice } from './eligibility/eligibility.advice';
export { SUPPLIER_REGISTER_PROCESS } from './supplier-register/supplier-register.entity';
export { CATEGORY_ORG_STATES } from './supplier-category-org/supplier-category-org.entity';
export { supplierBlacklist } from './supplier-blacklist/supplier-blacklist.entity';
export { agreementSign } from './agreement-sign/agreement-sign.entity';
export {
  patternMakingReply,
  patternMakingReplyLine,
} from './pattern-making-reply/pattern-making-reply.entity';
export { qualificationRequirement } from './qualification-requirement/qualification-requirement.entity';
export { CREDENTIAL_TYPES } from './supplier-credential/supplier-credential.entity';
export { INDIRECT_FIELDS, INDIRECT_REQUIRED, INDIRECT_TYPES } from './supplier-info/indirect-profile';
export * from './supplier-info/supplier-lines.entity';
export * from './supplier-register/supplier-register-lines.entity';

export const supplierEntities: EntityDef[] = [
  supplierInfo,
  ...supplierLineEntities,
  supplierRegister,
  supplierRegisterContact,
  supplierRegisterAccount,
  supplierCategoryOrg,
];
export const supplierMessages: Catalogue = { 'zh-CN': zhCN, en };
