CREATE INDEX "srm_po_header_supplier_id_status_idx" ON "srm_po_header" USING btree ("supplier_id","status");
--> statement-breakpoint
CREATE INDEX "srm_po_header_status_order_date_org_id_idx" ON "srm_po_header" USING btree ("status","order_date","org_id");
