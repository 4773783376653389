ALTER TABLE "srm_notice" ADD COLUMN "approval_flag" char(1);
