// Screens of agreements (web): the buyer's agreements and the supplier's approved ones.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const agreement = () => import('./agreement.entity').then((m) => m.agreement);

export const agreementScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurAgreement', agreement, {
    list: 'srmPurAgreementList',
    edit: 'srmPurAgreementEdit',
  }),
  ...entityScreens('agreements', 'srmPurAgreement', agreement, {
    list: 'supplierPurAgreementList',
    edit: 'supplierPurAgreementEdit',
  }),
];
