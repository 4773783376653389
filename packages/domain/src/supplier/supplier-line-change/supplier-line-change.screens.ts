// Screens of suspensions and resumptions of library lines (web): the buyer's list and form, and
// the supplier's own approved ones (read-only, with the reason).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const lineChange = () => import('./supplier-line-change.entity').then((m) => m.supplierLineChange);

export const supplierLineChangeScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierLineChange', lineChange, {
    list: 'supplierLineChangeList',
    edit: 'supplierLineChangeEdit',
  }),
  ...entityScreens('supplier', 'srmSupplierLineChange', lineChange, {
    list: 'supplier/myLineChangeList',
    edit: 'supplier/myLineChangeDetail',
  }),
];
