ALTER TABLE "srm_po_header" ADD COLUMN "source_num" varchar(30);
--> statement-breakpoint
ALTER TABLE "srm_po_header" ADD COLUMN "source_key" varchar(80);
--> statement-breakpoint
ALTER TABLE "srm_inquiry_item" ADD COLUMN "requisition_line_id" bigint;
--> statement-breakpoint
ALTER TABLE "srm_inquiry_item" ADD COLUMN "requisition_num" varchar(30);
--> statement-breakpoint
ALTER TABLE "srm_inquiry_item" ADD CONSTRAINT "srm_inquiry_item_requisition_line_id_fk" FOREIGN KEY ("requisition_line_id") REFERENCES "public"."srm_pur_requisition_line"("requisition_line_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "srm_po_header_source_num_idx" ON "srm_po_header" USING btree ("source_num");
--> statement-breakpoint
CREATE UNIQUE INDEX "srm_po_header_source_key_uq" ON "srm_po_header" USING btree ("source_key");
--> statement-breakpoint
CREATE INDEX "srm_inquiry_item_requisition_line_id_idx" ON "srm_inquiry_item" USING btree ("requisition_line_id");
