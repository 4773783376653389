ALTER TABLE "srm_supplier_info" ADD COLUMN "supplier_level" varchar(60);
--> statement-breakpoint
ALTER TABLE "srm_notice_target" ADD COLUMN "supplier_level" varchar(60);
--> statement-breakpoint
ALTER TABLE "srm_common_file_target" ADD COLUMN "supplier_level" varchar(60);
--> statement-breakpoint
CREATE INDEX "srm_supplier_info_supplier_level_idx" ON "srm_supplier_info" USING btree ("supplier_level");
