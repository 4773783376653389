// Delivery's public face to other areas (isomorphic): its definitions and constants.
export { asn, ASN_BUYER_STATES } from './asn/asn.entity';
export { asnLine } from './asn/asn-line.entity';
export { asnBarcode } from './asn-barcode/asn-barcode.entity';
export { asnBatchTemp } from './asn-batch-temp/asn-batch-temp.entity';
export { deliveryNotice } from './delivery-notice/delivery-notice.entity';
export { deliveryNoticeLine } from './delivery-notice/delivery-notice-line.entity';
