ALTER TABLE "base_scsi_definition" ADD COLUMN "retry_values" varchar(200);
