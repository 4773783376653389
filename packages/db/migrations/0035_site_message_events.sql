ALTER TABLE "base_site_message" ADD COLUMN "event_key" varchar(300);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_site_message_event_uq" ON "base_site_message" USING btree ("user_id","event_key");
