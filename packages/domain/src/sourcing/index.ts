// Sourcing (寻源管理): inquiries, their quotations and awards. The area's public face to other
// areas (isomorphic): its definitions and constants.
export { sourcingArea } from './area';
export {
  INQUIRY_PROCESS,
  inquiry,
  inquiryItem,
  inquiryJury,
  inquirySupplier,
} from './inquiry/inquiry.entity';
export { QUOTE_STATES, inquiryQuote, inquiryQuoteLine } from './inquiry-quote/inquiry-quote.entity';
export { AWARD_PROCESS, inquiryAward, inquiryAwardLine } from './inquiry-award/inquiry-award.entity';
export {
  AUCTION_PROCESS,
  auction,
  auctionItem,
  auctionJury,
  auctionSupplier,
} from './auction/auction.entity';
export { auctionEntry } from './auction-entry/auction-entry.entity';
export { AUCTION_AWARD_PROCESS, auctionAward, auctionAwardLine } from './auction-award/auction-award.entity';
