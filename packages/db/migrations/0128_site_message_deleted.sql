ALTER TABLE "base_site_message" ADD COLUMN "deleted_flag" char(1) DEFAULT 'N' NOT NULL;
