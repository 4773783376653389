// Delivery (送货): delivery notices the buyer calls off, delivery notes (ASN) the supplier ships
// against order lines and confirmed notices, their stored package barcodes and the supplier's
// batch drafts of notes. The area's manifest: its entities (their lines come with them), labels,
// menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { asn } from './asn/asn.entity';
import { asnBarcode } from './asn-barcode/asn-barcode.entity';
import { asnBatchTemp } from './asn-batch-temp/asn-batch-temp.entity';
import { deliveryNotice } from './delivery-notice/delivery-notice.entity';

export const deliveryArea = defineArea({
  name: 'delivery',
  entities: [asn, asnBarcode, asnBatchTemp, deliveryNotice],
  messages: { 'zh-CN': zhCN, en },
  directories: [],
  menus: [
    {
      code: 'PUR_DELIVERY_NOTICE',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purDeliveryNoticeList',
      entity: 'srmPurDeliveryNotice',
      order: 50,
    },
    {
      code: 'PUR_ASN',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purAsnList',
      entity: 'srmPurAsnHeader',
      order: 60,
    },
    {
      code: 'PUR_DEAL_DELIVERY',
      side: 'internal',
      under: 'PURCHASING',
      path: 'dealDeliveryList',
      entity: 'srmPurAsnHeader',
      order: 70,
    },
    {
      code: 'PUR_ASN_LINE',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purAsnLineList',
      entity: 'srmPurAsnLine',
      order: 80,
    },
    {
      code: 'PUR_ASN_BARCODE',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purAsnBarcodeList',
      entity: 'srmPurAsnBarcode',
      order: 90,
    },
    {
      code: 'EXT_PUR_DELIVERY_NOTICE',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierDeliveryNoticeList',
      entity: 'srmPurDeliveryNotice',
      order: 30,
    },
    {
      code: 'EXT_PUR_ASN',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierAsnList',
      entity: 'srmPurAsnHeader',
      order: 40,
    },
    {
      code: 'EXT_PUR_ASN_BATCH_TEMP',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierAsnBatchTempEdit',
      entity: 'srmPurAsnBatchTemp',
      order: 50,
    },
    {
      code: 'EXT_PUR_ASN_BARCODE',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierAsnBarcodeList',
      entity: 'srmPurAsnBarcode',
      order: 60,
    },
  ],
  grants: {
    BUYER: {
      PUR_ASN: 'all',
      PUR_ASN_BARCODE: 'all',
      PUR_ASN_LINE: 'all',
      PUR_DEAL_DELIVERY: 'all',
      PUR_DELIVERY_NOTICE: 'all',
    },
    PURCHASE_MANAGER: {
      PUR_ASN: ['export', 'view'],
      PUR_ASN_BARCODE: ['export', 'view'],
      PUR_ASN_LINE: ['export', 'view'],
      PUR_DEAL_DELIVERY: ['export', 'view'],
      PUR_DELIVERY_NOTICE: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_PUR_ASN: [
        'createFromOrderLines',
        'delete',
        'doCancel',
        'doClose',
        'doSubmit',
        'openOrderLines',
        'save',
        'view',
      ],
      EXT_PUR_ASN_BARCODE: ['export', 'view'],
      EXT_PUR_ASN_BATCH_TEMP: ['addLines', 'delete', 'generateAsn', 'save', 'view'],
      EXT_PUR_DELIVERY_NOTICE: ['createAsn', 'doConfirm', 'export', 'save', 'view'],
    },
  },
  // The supplier's work: notices to confirm and its own delivery notes not yet submitted (the
  // buyer's notes to receive are receiving's card).
  workCards: [
    {
      key: 'noticesToConfirm',
      side: 'external',
      entity: 'srmPurDeliveryNotice',
      filters: { status: 'ISSUED' },
      for: ['srmPurDeliveryNotice.doConfirm'],
      list: 'supplierDeliveryNoticeList',
      order: 20,
    },
    {
      key: 'deliveriesToSubmit',
      side: 'external',
      entity: 'srmPurAsnHeader',
      filters: { status: 'DRAFT' },
      for: ['srmPurAsnHeader.doSubmit'],
      list: 'supplierAsnList',
      order: 30,
    },
  ],
});
