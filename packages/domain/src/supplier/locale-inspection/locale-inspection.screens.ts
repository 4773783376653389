// Screens of locale inspections (web): the buyer's list and form — inspectors, the items with
// their means, each inspector's scores, the findings — and the supplier's approved ones
// (read-only: result, scores, findings; no internal or private notes).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const inspection = () => import('./locale-inspection.entity').then((m) => m.localeInspection);

export const localeInspectionScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmLocaleInspection', inspection, {
    list: 'localeInspectionList',
    edit: 'localeInspectionEdit',
  }),
  ...entityScreens('supplier', 'srmLocaleInspection', inspection, {
    list: 'supplier/myInspectionList',
    edit: 'supplier/myInspectionDetail',
  }),
];
