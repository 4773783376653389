ALTER TABLE "srm_auction_item" ADD COLUMN "requisition_line_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_auction_item" ADD COLUMN "requisition_num" varchar(30);
--> statement-breakpoint
ALTER TABLE "srm_auction_item" ADD CONSTRAINT "srm_auction_item_requisition_line_id_fk" FOREIGN KEY ("requisition_line_id") REFERENCES "public"."srm_pur_requisition_line"("requisition_line_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "srm_auction_item_requisition_line_id_idx" ON "srm_auction_item" USING btree ("requisition_line_id");
