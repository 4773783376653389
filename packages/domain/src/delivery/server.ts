// Delivery on the server: the hooks and endpoints of delivery notes.
import type { EntityActions, Seed } from '@srm/platform';
import { asnActions } from './asn.actions';
import { asnBarcodeActions } from './asn-barcode.actions';
import { asnBatchTempActions } from './asn-batch-temp.actions';
import { deliverySeedList } from './delivery.seed';
import { deliveryNoticeActions } from './delivery-notice.actions';

export const deliveryActions: EntityActions[] = [
  asnActions,
  asnBarcodeActions,
  asnBatchTempActions,
  deliveryNoticeActions,
];
export const deliverySeeds: Seed[] = deliverySeedList;
/** The barcode labels of a note, for the labels benchmark. */
export { asnLabels, labelsPdf } from './asn.labels';
