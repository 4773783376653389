// The shell's own screens of the workspace (spec §2 child routes of /main and the user centre):
// the two homes, the embedded pages, the background-export list and the user centre. Titles are
// keys of the app's locale files.
import { type ScreenEntry, customScreen } from '@srm/platform-ui';

const hidden = { menu: false };

export const shellScreens: ScreenEntry[] = [
  customScreen('home', 'inHome', 'shell.home', () => import('../../pages/home/InHome'), hidden),
  customScreen('home', 'exHome', 'shell.home', () => import('../../pages/home/ExHome'), hidden),
  customScreen(
    'embed',
    'testIframes',
    'embed.testTitle',
    () => import('../../pages/embed/TestIframesScreen'),
    hidden,
  ),
  customScreen(
    'embed',
    'iframe',
    'embed.iframeTitle',
    () => import('../../pages/embed/IframeScreen'),
    hidden,
  ),
  customScreen(
    'report',
    'reportBackExportList',
    'exports.title',
    () => import('../../pages/exports/ReportBackExportList'),
    hidden,
  ),
  customScreen(
    'system',
    'userCenter',
    'userCenter.title',
    () => import('../../pages/userCenter/UserCenter'),
    hidden,
  ),
  customScreen(
    'system',
    'userCenter/editUserCenter',
    'userCenter.editTitle',
    () => import('../../pages/userCenter/EditUserCenter'),
    hidden,
  ),
];
