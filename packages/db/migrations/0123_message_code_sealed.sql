ALTER TABLE "base_message_instance" ADD COLUMN "secret_value" text;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "sealed_opened_date" timestamp (3) with time zone;
