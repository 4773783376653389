// The web part of the area: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { contractScreens } from './contract/contract.screens';
import { termsScreens } from './terms/terms.screens';
import { templateScreens } from './template/template.screens';
import { signAccountScreens } from './sign-account/sign-account.screens';
import { warningScreens } from './warning/warning.screens';
import { watermarkScreens } from './watermark/watermark.screens';
import { assetAcceptanceScreens } from './asset-acceptance/asset-acceptance.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const contractWeb = defineAreaScreens('contract', labels, [
  ...contractScreens,
  ...templateScreens,
  ...termsScreens,
  ...signAccountScreens,
  ...warningScreens,
  ...watermarkScreens,
  ...assetAcceptanceScreens,
]);
