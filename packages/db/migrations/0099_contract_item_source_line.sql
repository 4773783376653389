ALTER TABLE "srm_cct_contract_item" ADD COLUMN "source_line_key" varchar(80);
--> statement-breakpoint
CREATE INDEX "srm_cct_contract_simplified_flag_idx" ON "srm_cct_contract" USING btree ("simplified_flag");
--> statement-breakpoint
CREATE UNIQUE INDEX "srm_cct_contract_item_source_line_key_uq" ON "srm_cct_contract_item" USING btree ("source_line_key");
