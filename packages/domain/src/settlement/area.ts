// Settlement (结算): exclusions, account statements and the ledger of what is owed to each
// supplier (ADR 0027). The area's manifest: its entities (their lines come with them), labels,
// menu placement, demo grants and the work each role finds on its home.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { excludeBill } from './exclude/exclude.entity';
import { invoice } from './invoice/invoice.entity';
import { ledger } from './ledger/ledger.entity';
import { statement } from './statement/statement.entity';

const statementButtons = ['doCancel', 'doResolve', 'doSend', 'export', 'generate', 'save', 'view'];

export const settlementArea = defineArea({
  name: 'settlement',
  entities: [excludeBill, statement, invoice, ledger],
  messages: { 'zh-CN': zhCN, en },
  directories: [
    { code: 'SETTLEMENT', side: 'internal', icon: 'bank', order: 65 },
    { code: 'EXT_SETTLEMENT', side: 'external', icon: 'bank', order: 40 },
  ],
  menus: [
    {
      code: 'STL_ACCOUNT',
      side: 'internal',
      under: 'SETTLEMENT',
      path: 'accountStmt',
      entity: 'srmStlAccountHeader',
      order: 10,
    },
    {
      code: 'STL_EXCLUDE',
      side: 'internal',
      under: 'SETTLEMENT',
      path: 'excludeBill',
      entity: 'srmStlExcludeHeader',
      order: 20,
    },
    {
      code: 'STL_EXCLUDE_LINE',
      side: 'internal',
      under: 'SETTLEMENT',
      path: 'excludeList',
      entity: 'srmStlExcludeLine',
      order: 30,
    },
    {
      code: 'STL_INVOICE',
      side: 'internal',
      under: 'SETTLEMENT',
      path: 'invoice',
      entity: 'srmStlInvoiceHeader',
      order: 40,
    },
    {
      code: 'STL_LEDGER',
      side: 'internal',
      under: 'SETTLEMENT',
      path: 'rcnTransactionInfoList',
      entity: 'srmStlLedger',
      order: 80,
    },
    {
      code: 'EXT_STL_ACCOUNT',
      side: 'external',
      under: 'EXT_SETTLEMENT',
      path: 'supplierAccountStmt',
      entity: 'srmStlAccountHeader',
      order: 10,
    },
    {
      code: 'EXT_STL_INVOICE',
      side: 'external',
      under: 'EXT_SETTLEMENT',
      path: 'supplierInvoice',
      entity: 'srmStlInvoiceHeader',
      order: 20,
    },
    {
      code: 'EXT_STL_LEDGER',
      side: 'external',
      under: 'EXT_SETTLEMENT',
      path: 'supplierRcnTransactionInfoList',
      entity: 'srmStlLedger',
      order: 80,
    },
  ],
  grants: {
    FINANCE: {
      STL_ACCOUNT: 'all',
      STL_EXCLUDE: 'all',
      STL_EXCLUDE_LINE: ['export', 'view'],
      STL_INVOICE: ['doAcceptExceptions', 'doReturn', 'export', 'save', 'view'],
      STL_LEDGER: ['export', 'view'],
    },
    BUYER: {
      STL_ACCOUNT: statementButtons,
      STL_EXCLUDE: 'all',
      STL_EXCLUDE_LINE: ['export', 'view'],
      STL_INVOICE: ['doAcceptExceptions', 'doReturn', 'export', 'save', 'view'],
      STL_LEDGER: ['export', 'view'],
    },
    PURCHASE_MANAGER: {
      STL_ACCOUNT: ['export', 'view'],
      STL_INVOICE: ['export', 'view'],
      STL_EXCLUDE: ['export', 'view'],
      STL_EXCLUDE_LINE: ['export', 'view'],
      STL_LEDGER: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_STL_ACCOUNT: ['doSupplierConfirm', 'doSupplierDispute', 'export', 'save', 'view'],
      EXT_STL_INVOICE: [
        'createFromStatement',
        'delete',
        'doCancel',
        'doSubmit',
        'export',
        'import',
        'save',
        'view',
      ],
      EXT_STL_LEDGER: ['export', 'view'],
    },
  },
  workCards: [
    {
      key: 'statementsToSend',
      side: 'internal',
      entity: 'srmStlAccountHeader',
      filters: { status: 'DRAFT' },
      for: ['srmStlAccountHeader.doSend'],
      list: 'accountStmt',
      order: 80,
    },
    {
      key: 'statementDisputes',
      side: 'internal',
      entity: 'srmStlAccountHeader',
      filters: { status: 'DISPUTED' },
      for: ['srmStlAccountHeader.doResolve'],
      list: 'accountStmt',
      order: 81,
    },
    {
      key: 'invoiceExceptions',
      side: 'internal',
      entity: 'srmStlInvoiceHeader',
      filters: { status: 'EXCEPTION' },
      for: ['srmStlInvoiceHeader.doAcceptExceptions'],
      list: 'invoice',
      order: 82,
    },
    {
      key: 'invoicesToCorrect',
      side: 'external',
      entity: 'srmStlInvoiceHeader',
      filters: { status: 'RETURNED' },
      for: ['srmStlInvoiceHeader.doSubmit'],
      list: 'supplierInvoice',
      order: 41,
    },
    {
      key: 'statementsToConfirm',
      side: 'external',
      entity: 'srmStlAccountHeader',
      filters: { status: 'SENT' },
      for: ['srmStlAccountHeader.doSupplierConfirm'],
      list: 'supplierAccountStmt',
      order: 40,
    },
  ],
});
