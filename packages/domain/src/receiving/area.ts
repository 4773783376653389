// Receiving (收货): receipts, returns and reversals against delivery notes, the receiving and stock
// transactions they write, and write-offs of what was taken back. The area's manifest: its
// entities (their lines come with them), labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { receive } from './receive/receive.entity';
import { storageTransaction } from './storage-transaction/storage-transaction.entity';
import { transaction } from './transaction/transaction.entity';
import { writeOff } from './write-off/write-off.entity';

export const receivingArea = defineArea({
  name: 'receiving',
  entities: [receive, transaction, storageTransaction, writeOff],
  messages: { 'zh-CN': zhCN, en },
  directories: [{ code: 'RECEIVING', side: 'internal', icon: 'inbox', order: 60 }],
  menus: [
    {
      code: 'PUR_RECEIVE',
      side: 'internal',
      under: 'RECEIVING',
      path: 'receiveList',
      entity: 'srmPurReceiveHeader',
      order: 10,
    },
    {
      code: 'PUR_RECEIVE_LINE',
      side: 'internal',
      under: 'RECEIVING',
      path: 'receiveLineList',
      entity: 'srmPurReceiveLine',
      order: 20,
    },
    {
      code: 'PUR_TRANSACTIONS',
      side: 'internal',
      under: 'RECEIVING',
      path: 'transactionsList',
      entity: 'srmPurTransaction',
      order: 30,
    },
    {
      code: 'PUR_STORAGE_TRANSACTIONS',
      side: 'internal',
      under: 'RECEIVING',
      path: 'storageTransactionList',
      entity: 'srmPurStorageTransaction',
      order: 40,
    },
    {
      code: 'PUR_WRITE_OFF',
      side: 'internal',
      under: 'RECEIVING',
      path: 'writeOffList',
      entity: 'srmPurWriteOff',
      order: 50,
    },
    {
      code: 'EXT_PUR_RECEIVE',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierReceiveList',
      entity: 'srmPurReceiveHeader',
      order: 70,
    },
    {
      code: 'EXT_PUR_TRANSACTIONS',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierTransactionsList',
      entity: 'srmPurTransaction',
      order: 80,
    },
  ],
  grants: {
    BUYER: {
      PUR_RECEIVE: 'all',
      PUR_RECEIVE_LINE: 'all',
      PUR_STORAGE_TRANSACTIONS: 'all',
      PUR_TRANSACTIONS: 'all',
      PUR_WRITE_OFF: 'all',
    },
    PURCHASE_MANAGER: {
      PUR_RECEIVE: ['export', 'view'],
      PUR_RECEIVE_LINE: ['export', 'view'],
      PUR_STORAGE_TRANSACTIONS: ['export', 'view'],
      PUR_TRANSACTIONS: ['export', 'view'],
      PUR_WRITE_OFF: ['export', 'view'],
    },
    FINANCE: {
      PUR_RECEIVE: ['export', 'view'],
      PUR_RECEIVE_LINE: ['export', 'view'],
      PUR_STORAGE_TRANSACTIONS: ['export', 'view'],
      PUR_TRANSACTIONS: ['export', 'view'],
      PUR_WRITE_OFF: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_PUR_RECEIVE: ['export', 'view'],
      EXT_PUR_TRANSACTIONS: ['export', 'view'],
    },
    SUPPLIER_SETTLEMENT: {
      EXT_PUR_RECEIVE: ['export', 'view'],
      EXT_PUR_TRANSACTIONS: ['export', 'view'],
    },
  },
  workCards: [
    // Delivery notes that arrived (submitted or partly received): whoever receives them.
    {
      key: 'deliveriesToReceive',
      side: 'internal',
      entity: 'srmPurAsnHeader',
      filters: { status: ['SUBMITTED', 'RECEIVING'] },
      for: ['srmPurReceiveHeader.receiveAsn', 'srmPurReceiveHeader.save'],
      list: 'dealDeliveryList',
      order: 60,
    },
    {
      key: 'receiptsToPost',
      side: 'internal',
      entity: 'srmPurReceiveHeader',
      filters: { status: 'DRAFT' },
      for: ['srmPurReceiveHeader.doPost'],
      list: 'receiveList',
      order: 70,
    },
  ],
});
