// Sourcing on the server: the behaviour of inquiries, quotations and awards, the comparison
// endpoint, the programs (closing, reminders, expiry), the approval processes and the demo inquiries.
import { defineServerArea } from '@srm/platform';
import { sourcingArea } from './area';
import { sourcingApprovals } from './approval';
import { closeDueInquiries, inquiryActions } from './inquiry/inquiry.actions';
import { inquiryEndpoints } from './inquiry/inquiry.endpoints';
import { inquiryQuoteActions } from './inquiry-quote/inquiry-quote.actions';
import { expireQuotes, remindQuotes } from './inquiry-quote/inquiry-quote.programs';
import { inquiryAwardActions } from './inquiry-award/inquiry-award.actions';
import { sourcingSeeds } from './sourcing.seed';
import { auctionActions, tickAuctions } from './auction/auction.actions';
import { auctionEndpoints, auctionEntryEndpoints } from './auction/auction.endpoints';
import { auctionHall } from './auction/auction.hall';
import { auctionClock } from './auction/auction.clock';
import { auctionTables } from './auction/auction.tables';
import { auctionEntryActions } from './auction-entry/auction-entry.actions';
import { auctionAwardActions } from './auction-award/auction-award.actions';
import { auctionQuestionActions } from './auction-question/auction-question.actions';
import { auctionAwardEndpoints, inquiryAwardEndpoints } from './award.endpoints';
import { priceMonitorEndpoints } from './price-monitor/price-monitor.endpoints';

export const sourcingServer = defineServerArea(sourcingArea, {
  actions: [
    inquiryActions,
    inquiryEndpoints,
    inquiryQuoteActions,
    inquiryAwardActions,
    auctionActions,
    auctionEndpoints,
    auctionEntryActions,
    auctionEntryEndpoints,
    auctionAwardActions,
    auctionQuestionActions,
    inquiryAwardEndpoints,
    auctionAwardEndpoints,
    priceMonitorEndpoints,
  ],
  halls: [auctionHall],
  background: auctionClock,
  tables: auctionTables,
  seeds: sourcingSeeds,
  executables: {
    SOURCING_INQUIRY_CLOSE: async (context) => {
      const closed = await context.work((data) => closeDueInquiries(data));
      context.log(`${closed} inquiries closed`);
      return `${closed} closed`;
    },
    SOURCING_QUOTE_REMIND: async (context) => {
      const sent = await context.work((data) => remindQuotes(data));
      context.log(`${sent} reminders sent`);
      return `${sent} reminded`;
    },
    SOURCING_AUCTION_TICK: async (context) => {
      const done = await context.work((data) => tickAuctions(data));
      context.log(`${done.started} started, ${done.closed} closed, ${done.cancelled} cancelled`);
      return `${done.started}/${done.closed}/${done.cancelled}`;
    },
    SOURCING_QUOTE_EXPIRE: async (context) => {
      const marked = await context.work((data) => expireQuotes(data));
      context.log(`${marked} quotations expired`);
      return `${marked} expired`;
    },
  },
  approvalTemplates: sourcingApprovals,
});
