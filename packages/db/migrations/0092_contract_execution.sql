ALTER TABLE "srm_po_line" ADD COLUMN "contract_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_po_line" ADD COLUMN "contract_item_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_cct_contract" ADD COLUMN "executed_amount" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_cct_contract_item" ADD COLUMN "executed_quantity" numeric(20, 4);
--> statement-breakpoint
ALTER TABLE "srm_cct_contract_item" ADD COLUMN "executed_amount" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_cct_warning" ADD COLUMN "executed_percent" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_po_line" ADD CONSTRAINT "srm_po_line_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."srm_cct_contract"("contract_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "srm_po_line" ADD CONSTRAINT "srm_po_line_contract_item_id_fk" FOREIGN KEY ("contract_item_id") REFERENCES "public"."srm_cct_contract_item"("contract_item_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "srm_po_line_contract_id_idx" ON "srm_po_line" USING btree ("contract_id");
--> statement-breakpoint
CREATE INDEX "srm_po_line_contract_item_id_idx" ON "srm_po_line" USING btree ("contract_item_id");
