ALTER TABLE "srm_cct_contract" ADD COLUMN "invoiced_amount" numeric(20, 2);
