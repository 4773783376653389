// Screens of agreement signing (web): templates, the buyer's agreements (clauses with the agreed
// and proposed text side by side, and the rounds), and the supplier's, where it confirms or edits
// and submits; on both sides 签署 opens the e-sign provider's page while an agreement is signed
// there (agreement-sign.buttons.tsx), and the form shows the PDF sent to signing and the signed one.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { agreementSignButtons } from './agreement-sign.buttons';

const sign = () => import('./agreement-sign.entity').then((m) => m.agreementSign);
const template = () => import('./agreement-sign.entity').then((m) => m.agreementTemplate);

export const agreementSignScreens: ScreenEntry[] = [
  ...entityScreens('supplier', 'srmAgreementTemplate', template, {
    list: 'agreementTemplateList',
    edit: 'agreementTemplateEdit',
  }),
  ...entityScreens('supplier', 'srmAgreementSign', sign, {
    list: 'agreementSignList',
    edit: 'agreementSignEdit',
    editButtons: agreementSignButtons,
  }),
  ...entityScreens('supplier', 'srmAgreementSign', sign, {
    list: 'supplier/myAgreementSignList',
    edit: 'supplier/myAgreementSignEdit',
    editButtons: agreementSignButtons,
  }),
];
