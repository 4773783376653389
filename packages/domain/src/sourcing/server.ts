// Sourcing's server functions, for other areas and tests.
export { sourcingServer } from './area.server';
export { closeDueInquiries, tiersOf } from './inquiry/inquiry.actions';
export { tickAuctions } from './auction/auction.actions';
export { placeBid } from './auction/auction.bids';
export { checkBid, extendedEnd, stepBelow } from './auction/auction.rules';
