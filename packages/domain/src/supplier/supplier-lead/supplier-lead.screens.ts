// Screens of supplier leads (web): the buyer's list and form.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const lead = () => import('./supplier-lead.entity').then((m) => m.supplierLead);

export const supplierLeadScreens: ScreenEntry[] = entityScreens('supplier', 'srmSupplierLead', lead, {
  list: 'supplierLeadList',
  edit: 'supplierLeadEdit',
});
