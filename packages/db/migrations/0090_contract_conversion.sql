ALTER TABLE "srm_cct_contract" ADD COLUMN "pre_contract_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_cct_contract" ADD CONSTRAINT "srm_cct_contract_pre_contract_id_fk" FOREIGN KEY ("pre_contract_id") REFERENCES "public"."srm_cct_contract"("contract_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "srm_cct_contract_pre_contract_id_idx" ON "srm_cct_contract" USING btree ("pre_contract_id");
