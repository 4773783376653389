ALTER TABLE "srm_cct_template_sign" ADD COLUMN "keyword" varchar(50);
