// Screens of the supplier master (web): the buyer's supplier list and the supplier's own company page.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const info = () => import('./supplier-info.entity').then((m) => m.supplierInfo);

export const supplierInfoScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplierInfoList',
    edit: 'supplierInfoEdit',
  }),
  ...entityScreens('supplier', 'srmSupplierInfo', info, {
    list: 'supplier/companyInfo',
    edit: 'supplier/companyInfoEdit',
  }),
];
