// Screens of the clause library (web): cctTermsList and termsManage/cctTermsEdit, with 变更
// opening the next version of an effective clause as a draft.
import { type ScreenEntry, endpointButton, entityScreens } from '@srm/platform-ui';

const terms = () => import('./terms.entity').then((m) => m.terms);

export const termsScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctTerms', terms, {
    list: 'cctTermsList',
    edit: 'termsManage/cctTermsEdit',
    editButtons: [
      endpointButton('doAlteration', 'srmCctTerms.doAlteration', {
        states: ['EFFECTIVE'],
        open: { path: 'termsManage/cctTermsEdit', key: 'termsId' },
      }),
    ],
  }),
];
