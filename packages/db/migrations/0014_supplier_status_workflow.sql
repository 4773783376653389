UPDATE "srm_supplier_info" SET "status" = CASE "supplier_status" WHEN 'REGISTERED' THEN 'POTENTIAL' ELSE "supplier_status" END WHERE "supplier_status" IN ('REGISTERED', 'POTENTIAL', 'QUALIFIED', 'ELIMINATED', 'BLACKLISTED');--> statement-breakpoint
ALTER TABLE "srm_supplier_info" DROP COLUMN "supplier_status";
