CREATE INDEX "srm_inquiry_quote_line_inquiry_item_id_idx" ON "srm_inquiry_quote_line" USING btree ("inquiry_item_id");
