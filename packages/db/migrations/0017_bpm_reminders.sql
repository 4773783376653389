ALTER TABLE "srm_base_process_template" ADD COLUMN "remind_max_times" bigint;
--> statement-breakpoint
ALTER TABLE "srm_base_process_template" ADD COLUMN "escalate_to" varchar(60);
