ALTER TABLE "base_site_message" ADD COLUMN "attachment_ids" varchar(500);
--> statement-breakpoint
ALTER TABLE "base_message_send" ADD COLUMN "attachment_ids" text;
