ALTER TABLE "base_message_config_recipient" ADD COLUMN "position_id" bigint;
--> statement-breakpoint
ALTER TABLE "base_message_config_recipient" ADD CONSTRAINT "base_message_config_recipient_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."base_position"("position_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "base_message_config_recipient_position_id_idx" ON "base_message_config_recipient" USING btree ("position_id");
