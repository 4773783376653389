CREATE TABLE "base_installation_secret" (
	"name" varchar(60) PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"creation_date" timestamp (3) with time zone NOT NULL
);

--> statement-breakpoint
-- Every node caches a user's grants; a change to what grants are made of tells all of them at
-- commit (NOTIFY is delivered when its transaction commits, never when it rolls back).
CREATE FUNCTION "base_grants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('srm_grants', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "base_role_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_role" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_role_menu_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_role_menu" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_role_resource_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_role_resource" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_menu_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_menu" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_resource_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_resource" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_responsibility_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_responsibility" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_responsibility_role_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_responsibility_role" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_user_responsibility_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_user_responsibility" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_user_org_permit_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_user_org_permit" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_user_category_permit_grants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "base_user_category_permit" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
--> statement-breakpoint
CREATE TRIGGER "base_user_grants_changed" AFTER UPDATE OF "all_orgs_flag", "all_categories_flag", "user_type" ON "base_user" FOR EACH STATEMENT EXECUTE FUNCTION "base_grants_changed"();
