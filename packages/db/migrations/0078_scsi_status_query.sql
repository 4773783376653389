ALTER TABLE "base_scsi_definition" ADD COLUMN "status_query_definition_id" bigint;
--> statement-breakpoint
ALTER TABLE "base_scsi_definition" ADD CONSTRAINT "base_scsi_definition_status_query_definition_id_fk" FOREIGN KEY ("status_query_definition_id") REFERENCES "public"."base_scsi_definition"("definition_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "base_scsi_definition_status_query_definition_id_idx" ON "base_scsi_definition" USING btree ("status_query_definition_id");
