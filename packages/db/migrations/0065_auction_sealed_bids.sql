ALTER TABLE "srm_auction_bid" ALTER COLUMN "price" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "srm_auction_bid" ADD COLUMN "sealed_price" text;
