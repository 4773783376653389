ALTER TABLE "srm_cct_contract" ADD COLUMN "change_rationale" varchar(60);
