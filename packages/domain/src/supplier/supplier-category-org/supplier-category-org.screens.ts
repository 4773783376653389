// Screens of the category and org library (web): the buyer's library and the supplier's own lines.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const library = () => import('./supplier-category-org.entity').then((m) => m.supplierCategoryOrg);

export const supplierCategoryOrgScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierCategoryOrg', library, {
    list: 'supplierCategoryOrgList',
    edit: 'supplierCategoryOrgEdit',
  }),
  ...entityScreens('supplier', 'srmSupplierCategoryOrg', library, {
    list: 'supplier/myCategoryOrgList',
    edit: 'supplier/myCategoryOrgDetail',
  }),
];
