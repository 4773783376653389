ALTER TABLE "srm_auction_bid" ADD COLUMN "reason_params" varchar(200);
