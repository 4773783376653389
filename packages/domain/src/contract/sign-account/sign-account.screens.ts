// Screens of e-sign accounts (web): signAccountList and its edit page (the account, its seal
// picture and keepers, the certificate's serial and validity, and its life: 激活, 更新证书,
// 暂停, 恢复, 吊销).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const signAccount = () => import('./sign-account.entity').then((m) => m.signAccount);

export const signAccountScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctSignAccount', signAccount, {
    list: 'signAccountList',
    edit: 'signAccountManage/signAccountEdit',
  }),
  // The supplier's own accounts, to read: who keeps its seal, and its certificate.
  ...entityScreens('contract', 'srmCctSignAccount', signAccount, {
    list: 'supplierSignAccountList',
    edit: 'supplierSignAccountEdit',
  }),
];
