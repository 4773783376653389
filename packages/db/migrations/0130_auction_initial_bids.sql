ALTER TABLE "srm_auction" ADD COLUMN "initial_bid_flag" char(1);
--> statement-breakpoint
ALTER TABLE "srm_auction_supplier" ADD COLUMN "initial_bid_date" timestamp (3) with time zone;
