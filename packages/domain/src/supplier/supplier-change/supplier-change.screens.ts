// Screens of change info (web): the buyer's list and form, and the supplier's own changes in its
// portal; both with 变更对比, the field-level diff.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { supplierChangeButtons } from './supplier-change.buttons';

const change = () => import('./supplier-change.entity').then((m) => m.supplierChange);

export const supplierChangeScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmSupplierChange', change, {
    list: 'supplierChangeList',
    edit: 'supplierChangeEdit',
    editButtons: supplierChangeButtons,
  }),
  ...entityScreens('supplier', 'srmSupplierChange', change, {
    list: 'supplier/myChangeList',
    edit: 'supplier/myChangeEdit',
    editButtons: supplierChangeButtons,
  }),
];
