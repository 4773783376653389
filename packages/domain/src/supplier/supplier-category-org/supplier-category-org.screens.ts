// Screens of the category and org library (web): the buyer's library, the supplier's own lines,
// and the lines' history.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const library = () => import('./supplier-category-org.entity').then((m) => m.supplierCategoryOrg);
const history = () =>
  import('./supplier-category-org-history.entity').then((m) => m.supplierCategoryOrgHistory);

export const supplierCategoryOrgScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierCategoryOrg', library, {
    list: 'supplierCategoryOrgList',
    edit: 'supplierCategoryOrgEdit',
  }),
  ...entityScreens('supplier', 'srmSupplierCategoryOrg', library, {
    list: 'supplier/myCategoryOrgList',
    edit: 'supplier/myCategoryOrgDetail',
  }),
  ...entityScreens('supplier', 'srmSupplierCategoryOrgHistory', history, {
    list: 'supplierCategoryOrgHistoryList',
    edit: 'supplierCategoryOrgHistoryDetail',
  }),
];
