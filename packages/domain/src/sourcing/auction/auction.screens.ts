// Screens of auctions (web): the buyer's auctions with their materials, suppliers, jury and rules;
// the auctions by their bid log (auctionHistoryList); the supplier's entries, where it confirms
// participation and enters the hall.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const auction = () => import('./auction.entity').then((m) => m.auction);
const entry = () => import('../auction-entry/auction-entry.entity').then((m) => m.auctionEntry);

export const auctionScreens: ScreenEntry[] = [
  ...entityScreens('sourcing', 'srmAuction', auction, {
    list: 'auctionProposal',
    edit: 'auctionProposalEdit',
  }),
  ...entityScreens('sourcing', 'srmAuction', auction, {
    list: 'auctionHistoryList',
    edit: 'auctionHistoryDetail',
  }),
  ...entityScreens('sourcing', 'srmAuctionEntry', entry, {
    list: 'auctionToSupplier',
    edit: 'auctionToSupplierDetail',
  }),
];
