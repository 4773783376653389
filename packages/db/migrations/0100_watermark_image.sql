ALTER TABLE "srm_cct_watermark" ADD COLUMN "image_file_ids" text;
--> statement-breakpoint
ALTER TABLE "srm_cct_watermark" ADD COLUMN "image_width" bigint;
