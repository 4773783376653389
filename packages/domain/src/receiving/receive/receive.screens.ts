// Screens of receipts (web): the buyer's receipts with the barcode scan box above their lines
// (扫码收货), the receipt lines, and the supplier's posted receipts.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { receiptScanEditor } from './scanEditor';

const receive = () => import('./receive.entity').then((m) => m.receive);

export const receiveScreens: ScreenEntry[] = [
  ...entityScreens('receiving', 'srmPurReceiveHeader', receive, {
    list: 'receiveList',
    edit: 'receiveEdit',
    linesEditor: receiptScanEditor,
  }),
  ...entityScreens(
    'receiving',
    'srmPurReceiveLine',
    () => import('./receive-line.entity').then((m) => m.receiveLine),
    { list: 'receiveLineList', edit: 'receiveLineEdit' },
  ),
  ...entityScreens('receiving', 'srmPurReceiveHeader', receive, {
    list: 'supplierReceiveList',
    edit: 'supplierReceiveEdit',
  }),
];
