ALTER TABLE "srm_stl_account_line" ADD COLUMN "line_ref" varchar(40);
--> statement-breakpoint
CREATE INDEX "srm_stl_account_line_line_ref_idx" ON "srm_stl_account_line" USING btree ("line_ref");
--> statement-breakpoint
UPDATE "srm_stl_account_line" AS l SET "line_ref" = h."account_number" || '-' || l."line_num" FROM "srm_stl_account_header" AS h WHERE h."account_header_id" = l."account_header_id";
