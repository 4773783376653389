// Screens of introductions (web): the buyer's list and the form with the scene's steps as a
// checklist (result, date, document, comment, files per step).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const intro = () => import('./supplier-intro.entity').then((m) => m.supplierIntro);

export const supplierIntroScreens: ScreenEntry[] = entityScreens('supplier', 'srmSupplierIntro', intro, {
  list: 'supplierIntroList',
  edit: 'supplierIntroEdit',
});
