ALTER TABLE "srm_notice_receiver" ADD COLUMN "reply_attachment_ids" text;
