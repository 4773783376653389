DROP INDEX "srm_article_status_idx";
--> statement-breakpoint
DROP INDEX "srm_pur_requisition_line_item_id_idx";
--> statement-breakpoint
DROP INDEX "srm_po_header_supplier_id_idx";
--> statement-breakpoint
DROP INDEX "srm_po_header_status_idx";
--> statement-breakpoint
DROP INDEX "srm_po_line_item_id_idx";
--> statement-breakpoint
DROP INDEX "srm_stl_ledger_supplier_id_idx";
--> statement-breakpoint
CREATE INDEX "srm_pur_requisition_line_item_id_line_num_requisition__c03b7363" ON "srm_pur_requisition_line" USING btree ("item_id","line_num","requisition_line_id");
--> statement-breakpoint
CREATE INDEX "srm_po_line_item_id_line_num_po_line_id_idx" ON "srm_po_line" USING btree ("item_id","line_num","po_line_id");
