// Screens of the barcode list (web): the buyer's stored barcodes and the supplier's own; labels
// print again from the list (the rows chosen) and from a barcode's page (its own label).
import { type ScreenEntry, entityScreens, pdfButton, pdfListButton } from '@srm/platform-ui';

const barcode = () => import('./asn-barcode.entity').then((m) => m.asnBarcode);
const labels = {
  editButtons: [pdfButton('printLabels', 'srmPurAsnBarcode.view')],
  listButtons: [pdfListButton('printLabels', 'srmPurAsnBarcode.view')],
};

export const asnBarcodeScreens: ScreenEntry[] = [
  ...entityScreens('delivery', 'srmPurAsnBarcode', barcode, {
    list: 'purAsnBarcodeList',
    edit: 'purAsnBarcodeEdit',
    ...labels,
  }),
  ...entityScreens('delivery', 'srmPurAsnBarcode', barcode, {
    list: 'supplierAsnBarcodeList',
    edit: 'supplierAsnBarcodeEdit',
    ...labels,
  }),
];
