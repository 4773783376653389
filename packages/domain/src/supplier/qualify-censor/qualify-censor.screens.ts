// Screens of qualification censors (web): the buyer's list (qualifyCensorList) and form
// (QualifyCensorEdit) with the required certificates as lines — what the supplier holds, how it
// stands, and the reviewer's verdict.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const censor = () => import('./qualify-censor.entity').then((m) => m.qualifyCensor);

export const qualifyCensorScreens: ScreenEntry[] = entityScreens('supplier', 'srmQualifyCensor', censor, {
  list: 'qualifyCensorList',
  edit: 'qualifyCensor/QualifyCensorEdit',
});
