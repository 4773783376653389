ALTER TABLE "srm_auction" ADD COLUMN "extend_noticed_count" bigint;
--> statement-breakpoint
ALTER TABLE "srm_auction" ADD COLUMN "start_reminded_date" timestamp (3) with time zone;
