// The supplier area's demo data in load order: the suppliers (with their portal users), the
// category and org library with the suppliers' lifecycle states, registrations waiting for
// review, and leads. Each object's data is in its folder.
import { supplierCategoryOrgSeed } from './supplier-category-org/supplier-category-org.seed';
import { supplierInfoSeed } from './supplier-info/supplier-info.seed';
import { supplierLeadSeed } from './supplier-lead/supplier-lead.seed';
import { supplierRegisterSeed } from './supplier-register/supplier-register.seed';

export const supplierSeedList = [
  supplierInfoSeed,
  supplierCategoryOrgSeed,
  supplierRegisterSeed,
  supplierLeadSeed,
];
