// Delivery (送货): delivery notes (ASN) the supplier ships against order lines.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { asn } from './asn.entity';
import { asnLine } from './asn-line.entity';

export { asn, asnLine };
export { ASN_BUYER_STATES } from './asn.entity';

export const deliveryEntities: EntityDef[] = [asn, asnLine];
export const deliveryMessages: Catalogue = { 'zh-CN': zhCN, en };
