ALTER TABLE "base_message_receive" ADD COLUMN "sms_flag" char(1) DEFAULT 'Y' NOT NULL;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "template_code" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "sign_name" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "params" jsonb;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "provider_ref" varchar(120);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "delivery_state" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "delivered_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "delivery_code" varchar(120);
--> statement-breakpoint
ALTER TABLE "base_message_template" ADD COLUMN "template_code" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_template" ADD COLUMN "sign_name" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_config" ADD COLUMN "sms_flag" char(1);
--> statement-breakpoint
CREATE INDEX "base_message_instance_delivery_state_idx" ON "base_message_instance" USING btree ("delivery_state");
--> statement-breakpoint
CREATE INDEX "base_message_instance_provider_id_idx" ON "base_message_instance" USING btree ("provider_id");
