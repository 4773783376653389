// Screens of asset acceptance (web): the buyer's list and page (资产验收), and the supplier's own,
// to read once submitted.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const assetAcceptance = () => import('./asset-acceptance.entity').then((m) => m.assetAcceptance);

export const assetAcceptanceScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctAssetAcceptance', assetAcceptance, {
    list: 'cctAssetAcceptanceList',
    edit: 'cctAssetAcceptanceEdit',
  }),
  ...entityScreens('contract', 'srmCctAssetAcceptance', assetAcceptance, {
    list: 'supplierAssetAcceptanceList',
    edit: 'supplierAssetAcceptanceEdit',
  }),
];
