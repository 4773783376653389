ALTER TABLE "srm_cct_contract_refund" ADD COLUMN "deduction_number" varchar(30);
