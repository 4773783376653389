// Screens of auctions (web): the buyer's auctions with their materials, suppliers, jury and rules;
// the auctions by their bid log (auctionHistoryList); the auction detail report across auctions
// (auctionDetailReport); the supplier's entries, where it confirms
// participation and enters the hall (the halls' buttons: auction.buttons.tsx,
// ../auction-entry/auction-entry.buttons.tsx).
import { type ScreenEntry, customScreen, entityScreens } from '@srm/platform-ui';
import { auctionHallButton, auctionHistoryButton } from './auction.buttons';
import { entryHallButton } from '../auction-entry/auction-entry.buttons';
import { createContractsButton, handOffPreviewButton } from '../award.buttons';
import { fromRequisitionButton } from '../FromRequisition';
import { priceTrendButton } from '../price-monitor/price-monitor.buttons';

const auction = () => import('./auction.entity').then((m) => m.auction);
const award = () => import('../auction-award/auction-award.entity').then((m) => m.auctionAward);
const entry = () => import('../auction-entry/auction-entry.entity').then((m) => m.auctionEntry);
const category = () => import('../auction-category/auction-category.entity').then((m) => m.auctionCategory);
const monitor = () => import('../price-monitor/price-monitor.entity').then((m) => m.priceMonitor);
const question = () => import('../auction-question/auction-question.entity').then((m) => m.auctionQuestion);

export const auctionScreens: ScreenEntry[] = [
  ...entityScreens('sourcing', 'srmAuction', auction, {
    list: 'auctionProposal',
    edit: 'auctionProposalEdit',
    editButtons: [auctionHallButton, auctionHistoryButton],
    listButtons: [fromRequisitionButton('srmAuction', 'auctionProposalEdit')],
  }),
  ...entityScreens('sourcing', 'srmAuction', auction, {
    list: 'auctionHistoryList',
    edit: 'auctionHistoryDetail',
    editButtons: [auctionHallButton, auctionHistoryButton],
  }),
  // 竞价明细: per opened auction, material and bidder (catalogue §2.15 "auction detail").
  {
    ...customScreen(
      'sourcing',
      'auctionDetailReport',
      'menu.AUCTION_DETAIL',
      () => import('./AuctionDetailReport'),
    ),
    entityName: 'srmAuction',
  },
  ...entityScreens('sourcing', 'srmAuctionAward', award, {
    list: 'auctionAwardList',
    edit: 'auctionAwardEdit',
    editButtons: [handOffPreviewButton('srmAuctionAward'), createContractsButton],
  }),
  ...entityScreens('sourcing', 'srmAuctionEntry', entry, {
    list: 'auctionToSupplier',
    edit: 'auctionToSupplierDetail',
    editButtons: [entryHallButton],
  }),
  // The supplier's questions (auctionQuestion) and the buyer's answering of them (auctionAnswer).
  ...entityScreens('sourcing', 'srmAuctionQuestion', question, {
    list: 'auctionQuestion',
    edit: 'auctionQuestionDetail',
  }),
  ...entityScreens('sourcing', 'srmAuctionQuestion', question, {
    list: 'auctionAnswer',
    edit: 'auctionAnswerDetail',
  }),
  // Price monitoring (monitorPriceInfo): every awarded price beside what it is compared with.
  ...entityScreens('sourcing', 'srmPriceMonitor', monitor, {
    list: 'monitorPriceInfo',
    edit: 'monitorPriceInfoDetail',
    editButtons: [priceTrendButton],
  }),
  ...entityScreens('sourcing', 'srmAuctionCategory', category, {
    list: 'auctionItemCategory',
    edit: 'auctionItemCategoryEdit',
  }),
];
