// Screens of the supplier area (web): the buyer's lists and the supplier's own company page.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const info = () => import('./supplier-info.entity').then((m) => m.supplierInfo);

export const supplierScreens: ScreenEntry[] = [
  ...entityScreens(
    'supplier',
    'srmSupplierRegister',
    () => import('./supplier-register.entity').then((m) => m.supplierRegister),
    {
      list: 'supplierRegistration',
      edit: 'supplierRegistrationEdit',
    },
  ),
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplierInfoList',
    edit: 'supplierInfoEdit',
  }),
  ...entityScreens(
    'supplier',
    'srmSupplierCategoryOrg',
    () => import('./supplier-category-org.entity').then((m) => m.supplierCategoryOrg),
    { list: 'supplierCategoryOrgList', edit: 'supplierCategoryOrgEdit' },
  ),
  ...entityScreens(
    'supplier',
    'srmSupplierCategoryOrg',
    () => import('./supplier-category-org.entity').then((m) => m.supplierCategoryOrg),
    { list: 'supplier/myCategoryOrgList', edit: 'supplier/myCategoryOrgDetail' },
  ),
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplier/companyInfo',
    edit: 'supplier/companyInfoEdit',
  }),
];
