ALTER TABLE "srm_cct_contract" ADD COLUMN "simplified_flag" char(1);
