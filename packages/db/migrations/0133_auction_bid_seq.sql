CREATE INDEX "srm_auction_bid_seq_idx" ON "srm_auction_bid" USING btree ("auction_id","hall_seq");
