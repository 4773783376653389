ALTER TABLE "srm_cct_contract" ADD COLUMN "executed_percent" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_cct_contract" ADD COLUMN "paid_amount" numeric(20, 2);
--> statement-breakpoint
-- What was paid of the contracts' stages before the contract kept the sum.
UPDATE "srm_cct_contract" AS c SET "paid_amount" = COALESCE((SELECT SUM(s."paid_amount") FROM "srm_cct_contract_stage" AS s WHERE s."contract_id" = c."contract_id"), 0);
