// Sourcing (寻源管理): the area's manifest — its entities, labels, menu placement and demo grants.
// Inquiries (询价) with their suppliers' sealed quotations and the awards that hand the result to
// purchasing; the reverse auction and the tender follow on the same kernel.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { inquiry } from './inquiry/inquiry.entity';
import { inquiryQuote } from './inquiry-quote/inquiry-quote.entity';
import { inquiryAward } from './inquiry-award/inquiry-award.entity';
import { auction } from './auction/auction.entity';
import { auctionEntry } from './auction-entry/auction-entry.entity';
import { auctionAward } from './auction-award/auction-award.entity';
import { auctionQuestion } from './auction-question/auction-question.entity';
import { auctionCategory } from './auction-category/auction-category.entity';
import { priceMonitor } from './price-monitor/price-monitor.entity';

export const sourcingArea = defineArea({
  name: 'sourcing',
  entities: [
    inquiry,
    inquiryQuote,
    inquiryAward,
    auction,
    auctionEntry,
    auctionAward,
    auctionQuestion,
    auctionCategory,
    priceMonitor,
  ], // headers; their lines come with them
  messages: { 'zh-CN': zhCN, en },
  directories: [
    { code: 'SOURCING', side: 'internal', icon: 'audit', order: 15 },
    { code: 'EXT_SOURCING', side: 'external', icon: 'audit', order: 15 },
  ],
  menus: [
    {
      code: 'INQUIRY',
      side: 'internal',
      under: 'SOURCING',
      path: 'inquiryProposal',
      entity: 'srmInquiry',
      order: 10,
    },
    {
      code: 'INQUIRY_QUOTATION',
      side: 'internal',
      under: 'SOURCING',
      path: 'inquiryQuotationList',
      entity: 'srmInquiryQuote',
      order: 20,
    },
    {
      code: 'INQUIRY_AWARD',
      side: 'internal',
      under: 'SOURCING',
      path: 'inquiryAwardSummaryList',
      entity: 'srmInquiryAward',
      order: 30,
    },
    {
      code: 'AUCTION',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionProposal',
      entity: 'srmAuction',
      order: 40,
    },
    {
      code: 'AUCTION_AWARD',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionAwardList',
      entity: 'srmAuctionAward',
      order: 45,
    },
    {
      code: 'AUCTION_ANSWER',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionAnswer',
      entity: 'srmAuctionQuestion',
      order: 48,
    },
    {
      code: 'AUCTION_HISTORY',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionHistoryList',
      entity: 'srmAuction',
      order: 50,
    },
    {
      code: 'AUCTION_DETAIL',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionDetailReport',
      entity: 'srmAuction',
      order: 55,
    },
    {
      code: 'PRICE_MONITOR',
      side: 'internal',
      under: 'SOURCING',
      path: 'monitorPriceInfo',
      entity: 'srmPriceMonitor',
      order: 60,
    },
    {
      code: 'AUCTION_CATEGORY',
      side: 'internal',
      under: 'SOURCING',
      path: 'auctionItemCategory',
      entity: 'srmAuctionCategory',
      order: 90,
    },
    {
      code: 'EXT_INQUIRY_TODO',
      side: 'external',
      under: 'EXT_SOURCING',
      path: 'inquiryNotQuotationList',
      entity: 'srmInquiryQuote',
      order: 10,
    },
    {
      code: 'EXT_INQUIRY_VIEW',
      side: 'external',
      under: 'EXT_SOURCING',
      path: 'inquiryViewToSupplier',
      entity: 'srmInquiryQuote',
      order: 20,
    },
    {
      code: 'EXT_AUCTION',
      side: 'external',
      under: 'EXT_SOURCING',
      path: 'auctionToSupplier',
      entity: 'srmAuctionEntry',
      order: 30,
    },
    {
      code: 'EXT_AUCTION_QUESTION',
      side: 'external',
      under: 'EXT_SOURCING',
      path: 'auctionQuestion',
      entity: 'srmAuctionQuestion',
      order: 40,
    },
  ],
  grants: {
    BUYER: {
      INQUIRY: 'all',
      INQUIRY_QUOTATION: ['comparison', 'export', 'view'],
      INQUIRY_AWARD: ['delete', 'doCancel', 'doSubmit', 'export', 'save', 'view'],
      AUCTION: 'all',
      AUCTION_AWARD: ['delete', 'doCancel', 'doSubmit', 'export', 'save', 'view'],
      AUCTION_ANSWER: ['doAnswer', 'export', 'view'],
      AUCTION_HISTORY: ['export', 'view'],
      AUCTION_DETAIL: ['export', 'view'],
      AUCTION_CATEGORY: ['export', 'view'],
      PRICE_MONITOR: ['export', 'view'],
    },
    PURCHASE_MANAGER: {
      // A jury member with the opener role confirms the opening; the manager approves.
      INQUIRY: ['doApproval', 'doBidOpening', 'doConfirmOpening', 'doReject', 'export', 'view'],
      INQUIRY_QUOTATION: ['comparison', 'export', 'view'],
      INQUIRY_AWARD: ['doApproval', 'doReject', 'export', 'view'],
      // A jury member opens the closed auction with the owner; the manager approves publishing.
      AUCTION: ['doApproval', 'doBidOpening', 'doConfirmOpening', 'doReject', 'export', 'view'],
      AUCTION_AWARD: ['doApproval', 'doReject', 'export', 'view'],
      AUCTION_ANSWER: ['doAnswer', 'export', 'view'],
      AUCTION_HISTORY: ['export', 'view'],
      AUCTION_DETAIL: ['export', 'view'],
      // Which categories may be auctioned, and which need the engineer's sign-off on the award.
      AUCTION_CATEGORY: 'all',
      PRICE_MONITOR: ['export', 'view'],
    },
    SUPPLIER_PORTAL: {
      EXT_INQUIRY_TODO: ['doDecline', 'doSubmit', 'save', 'view'],
      EXT_INQUIRY_VIEW: ['doRevise', 'export', 'view'],
      EXT_AUCTION: ['bid', 'doConfirm', 'doDecline', 'initialBid', 'view'],
      EXT_AUCTION_QUESTION: ['delete', 'doAsk', 'save', 'view'],
    },
  },
});
