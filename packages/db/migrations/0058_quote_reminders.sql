ALTER TABLE "srm_inquiry_quote" ADD COLUMN "expired_flag" char(1);
--> statement-breakpoint
ALTER TABLE "srm_inquiry_quote" ADD COLUMN "reminded_hours" bigint;
