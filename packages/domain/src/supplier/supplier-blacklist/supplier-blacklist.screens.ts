// Screens of blacklist entries (web): the buyer's list and form, and the supplier's own entries.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const blacklist = () => import('./supplier-blacklist.entity').then((m) => m.supplierBlacklist);

export const supplierBlacklistScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierBlacklist', blacklist, {
    list: 'supplierBlacklistList',
    edit: 'supplierBlacklistEdit',
  }),
  ...entityScreens('supplier', 'srmSupplierBlacklist', blacklist, {
    list: 'supplier/myBlacklistList',
    edit: 'supplier/myBlacklistDetail',
  }),
];
