ALTER TABLE "base_message_config" ADD COLUMN "chat_interface" varchar(60);
