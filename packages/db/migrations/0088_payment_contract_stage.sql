ALTER TABLE "srm_stl_payment_line" ADD COLUMN "contract_stage_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_stl_payment_line" ADD COLUMN "stage_label" varchar(120);
--> statement-breakpoint
ALTER TABLE "srm_stl_payment_line" ADD CONSTRAINT "srm_stl_payment_line_contract_stage_id_fk" FOREIGN KEY ("contract_stage_id") REFERENCES "public"."srm_cct_contract_stage"("contract_stage_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "srm_stl_payment_line_contract_stage_id_idx" ON "srm_stl_payment_line" USING btree ("contract_stage_id");
