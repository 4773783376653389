// The receipt's lines with a barcode scan box above them (扫码收货), loaded with the first receipt
// opened: the editor of the `lines` collection on receiveEdit.
import { Suspense, lazy } from 'react';
import type { LinesEditor, LinesEditorProps } from '@srm/platform-ui';

const ReceiptScanLines = lazy(() => import('./ReceiptScanLines'));

function ScanLinesEditor(props: LinesEditorProps) {
  return (
    <Suspense fallback={null}>
      <ReceiptScanLines {...props} />
    </Suspense>
  );
}

export const receiptScanEditor: LinesEditor = { collections: ['lines'], component: ScanLinesEditor };
