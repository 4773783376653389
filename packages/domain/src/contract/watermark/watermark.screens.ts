// Screens of watermark rules (web): one list for the rules of internal readers
// (cctWatermarkListInside) and one for suppliers' (cctWatermarkListSupp), each a fixed-side view
// of the same rules; a new rule made from either list starts on its side.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const contractWatermark = () => import('./watermark.entity').then((m) => m.contractWatermark);

export const watermarkScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctWatermark', contractWatermark, {
    list: 'cctWatermarkListInside',
    edit: 'cctWatermarkEditInside',
    listFilters: { side: 'INSIDE' },
  }),
  ...entityScreens('contract', 'srmCctWatermark', contractWatermark, {
    list: 'cctWatermarkListSupp',
    edit: 'cctWatermarkEditSupp',
    listFilters: { side: 'SUPPLIER' },
  }),
];
