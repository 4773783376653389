ALTER TABLE "base_message_config" ADD COLUMN "check_flag" char(1);
