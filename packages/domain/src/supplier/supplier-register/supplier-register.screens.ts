// Screens of supplier registrations (web): the buyer's list of registrations to review. The
// company's own pages (/register, /registerInfoEdit) are public pages of the web app.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { businessInfoButton } from '../business-info/business-info.buttons';

export const supplierRegisterScreens: ScreenEntry[] = entityScreens(
  'supplier',
  'srmSupplierRegister',
  () => import('./supplier-register.entity').then((m) => m.supplierRegister),
  {
    list: 'supplierRegistration',
    edit: 'supplierRegistrationEdit',
    editButtons: [businessInfoButton('srmSupplierRegister')],
  },
);
