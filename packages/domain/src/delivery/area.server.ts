// Delivery on the server: its objects' behaviour and endpoints, and their demo data in load order
// (notes, then notices, then batch drafts).
import { defineServerArea } from '@srm/platform';
import { deliveryArea } from './area';
import { asnActions } from './asn/asn.actions';
import { asnEndpoints } from './asn/asn.endpoints';
import { asnSeeds } from './asn/asn.seed';
import { asnBarcodeEndpoints } from './asn-barcode/asn-barcode.endpoints';
import { asnBatchTempActions } from './asn-batch-temp/asn-batch-temp.actions';
import { asnBatchTempEndpoints } from './asn-batch-temp/asn-batch-temp.endpoints';
import { asnBatchTempSeeds } from './asn-batch-temp/asn-batch-temp.seed';
import { deliveryNoticeActions } from './delivery-notice/delivery-notice.actions';
import { deliveryNoticeEndpoints } from './delivery-notice/delivery-notice.endpoints';
import { deliveryNoticeSeeds } from './delivery-notice/delivery-notice.seed';

export const deliveryServer = defineServerArea(deliveryArea, {
  actions: [
    asnActions,
    asnEndpoints,
    asnBarcodeEndpoints,
    asnBatchTempActions,
    asnBatchTempEndpoints,
    deliveryNoticeActions,
    deliveryNoticeEndpoints,
  ],
  seeds: [...asnSeeds, ...deliveryNoticeSeeds, ...asnBatchTempSeeds],
});
