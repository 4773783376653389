// Delivery (送货): delivery notices the buyer calls off and delivery notes (ASN) the supplier ships
// against order lines and confirmed notices.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { asn } from './asn.entity';
import { asnLine } from './asn-line.entity';
import { asnBarcode } from './asn-barcode.entity';
import { asnBatchTemp } from './asn-batch-temp.entity';
import { deliveryNotice, deliveryNoticeLine } from './delivery-notice.entity';

export { asn, asnBarcode, asnBatchTemp, asnLine, deliveryNotice, deliveryNoticeLine };
export { ASN_BUYER_STATES } from './asn.entity';

export const deliveryEntities: EntityDef[] = [
  asn,
  asnLine,
  asnBarcode,
  asnBatchTemp,
  deliveryNotice,
  deliveryNoticeLine,
];
export const deliveryMessages: Catalogue = { 'zh-CN': zhCN, en };
