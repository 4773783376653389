// Screens of rectification tasks (web): the buyer's list and form, and the supplier's tasks where
// it answers and submits.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const rectify = () => import('./supplier-rectify.entity').then((m) => m.supplierRectify);

export const supplierRectifyScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierRectify', rectify, { list: 'rectifyList', edit: 'rectifyEdit' }),
  ...entityScreens('supplier', 'srmSupplierRectify', rectify, {
    list: 'supplier/myRectifyList',
    edit: 'supplier/myRectifyEdit',
  }),
];
