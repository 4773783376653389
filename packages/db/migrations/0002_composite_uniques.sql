DROP INDEX "base_lookup_values_lookup_type_lookup_code_uq";
--> statement-breakpoint
DROP INDEX "srm_base_exchange_rate_from_currency_id_to_currency_id_6d0a794d";
--> statement-breakpoint
DROP INDEX "srm_base_org_relation_from_org_id_to_org_id_relation_type_uq";
--> statement-breakpoint
DROP INDEX "srm_base_item_org_item_id_org_id_uq";
--> statement-breakpoint
DROP INDEX "srm_base_storage_location_org_id_location_code_uq";
--> statement-breakpoint
DROP INDEX "srm_base_config_profile_profile_code_org_id_uq";
--> statement-breakpoint
ALTER TABLE "base_lookup_values" ADD CONSTRAINT "base_lookup_values_lookup_type_lookup_code_uq" UNIQUE NULLS NOT DISTINCT("lookup_type","lookup_code");
--> statement-breakpoint
ALTER TABLE "srm_base_exchange_rate" ADD CONSTRAINT "srm_base_exchange_rate_from_currency_id_to_currency_id_6d0a794d" UNIQUE NULLS NOT DISTINCT("from_currency_id","to_currency_id","rate_type","effective_date");
--> statement-breakpoint
ALTER TABLE "srm_base_org_relation" ADD CONSTRAINT "srm_base_org_relation_from_org_id_to_org_id_relation_type_uq" UNIQUE NULLS NOT DISTINCT("from_org_id","to_org_id","relation_type");
--> statement-breakpoint
ALTER TABLE "srm_base_item_org" ADD CONSTRAINT "srm_base_item_org_item_id_org_id_uq" UNIQUE NULLS NOT DISTINCT("item_id","org_id");
--> statement-breakpoint
ALTER TABLE "srm_base_storage_location" ADD CONSTRAINT "srm_base_storage_location_org_id_location_code_uq" UNIQUE NULLS NOT DISTINCT("org_id","location_code");
--> statement-breakpoint
ALTER TABLE "srm_base_config_profile" ADD CONSTRAINT "srm_base_config_profile_profile_code_org_id_uq" UNIQUE NULLS NOT DISTINCT("profile_code","org_id");
