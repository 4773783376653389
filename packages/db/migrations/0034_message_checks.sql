ALTER TABLE "base_message_instance" ADD COLUMN "event_id" varchar(200);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "checked_by" bigint;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "checked_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "base_message_source" ADD COLUMN "check_flag" char(1);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD CONSTRAINT "base_message_instance_checked_by_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."base_user"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "base_message_instance_event_id_idx" ON "base_message_instance" USING btree ("event_id");
--> statement-breakpoint
CREATE INDEX "base_message_instance_checked_by_idx" ON "base_message_instance" USING btree ("checked_by");
