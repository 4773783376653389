ALTER TABLE "srm_auction" ADD COLUMN "rank_basis" varchar(60);
--> statement-breakpoint
ALTER TABLE "srm_auction_supplier" ADD COLUMN "price_factor" numeric(20, 4);
--> statement-breakpoint
ALTER TABLE "srm_auction_entry" ADD COLUMN "rank_basis" varchar(60);
