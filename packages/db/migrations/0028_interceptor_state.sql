ALTER TABLE "base_scsi_outbox" ADD COLUMN "interceptor_state" jsonb;
