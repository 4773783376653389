// The supplier area on the server: its objects' behaviour and endpoints, its demo data and its
// approval process.
import { defineServerArea } from '@srm/platform';
import { supplierApprovals } from './approval';
import { supplierArea } from './area';
import { supplierSeedList } from './supplier.seed';
import { supplierCategoryOrgActions } from './supplier-category-org/supplier-category-org.actions';
import { supplierInfoActions } from './supplier-info/supplier-info.actions';
import { supplierLeadActions } from './supplier-lead/supplier-lead.actions';
import { supplierRegisterActions } from './supplier-register/supplier-register.actions';
import { supplierRegisterEndpoints } from './supplier-register/supplier-register.endpoints';

export const supplierServer = defineServerArea(supplierArea, {
  actions: [
    supplierInfoActions,
    supplierRegisterActions,
    supplierRegisterEndpoints,
    supplierCategoryOrgActions,
    supplierLeadActions,
  ],
  seeds: supplierSeedList,
  approvalTemplates: supplierApprovals,
});
