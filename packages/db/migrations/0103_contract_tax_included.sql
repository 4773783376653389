ALTER TABLE "srm_cct_contract_item" ALTER COLUMN "unit_price" SET DATA TYPE numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "srm_cct_contract" ADD COLUMN "tax_included_flag" char(1);
