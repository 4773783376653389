// Screens of the supplier price list (web): the buyer's prices by supplier, material and
// organisation, and each supplier's own prices in its portal. Read-only: awards write it.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const supplierPl = () => import('./supplier-pl.entity').then((m) => m.supplierPl);

export const supplierPlScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurSupplierPl', supplierPl, {
    list: 'supplierPlList',
    edit: 'supplierPlEdit',
  }),
  ...entityScreens('agreements', 'srmPurSupplierPl', supplierPl, {
    list: 'supplier/supplierPlList',
    edit: 'supplier/supplierPlEdit',
  }),
];
