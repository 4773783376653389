// Screens of supplier quits (web): the buyer's list and form with 未完成业务, and the supplier's
// own approved quits (read-only, with the public reason).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { supplierQuitButtons } from './supplier-quit.buttons';

const quit = () => import('./supplier-quit.entity').then((m) => m.supplierQuit);

export const supplierQuitScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierQuit', quit, {
    list: 'supplierQuitList',
    edit: 'supplierQuitEdit',
    editButtons: supplierQuitButtons,
  }),
  ...entityScreens('supplier', 'srmSupplierQuit', quit, {
    list: 'supplier/myQuitList',
    edit: 'supplier/myQuitDetail',
  }),
];
