ALTER TABLE "base_scsi_outbox" ADD COLUMN "compen_id" bigint;
