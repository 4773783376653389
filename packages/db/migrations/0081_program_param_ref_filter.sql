ALTER TABLE "base_concurrent_program_param" ADD COLUMN "ref_filter" jsonb;
