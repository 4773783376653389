ALTER TABLE "base_message_instance" ADD COLUMN "attachment_ids" varchar(500);
