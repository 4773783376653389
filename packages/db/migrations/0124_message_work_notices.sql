ALTER TABLE "base_message_receive" ADD COLUMN "chat_flag" char(1) DEFAULT 'Y' NOT NULL;
--> statement-breakpoint
ALTER TABLE "base_message_instance" ADD COLUMN "chat_id" varchar(64);
--> statement-breakpoint
ALTER TABLE "base_message_config" ADD COLUMN "work_notice_interface" varchar(60);
--> statement-breakpoint
ALTER TABLE "base_message_config" ADD COLUMN "work_notice_id_type" varchar(60);
