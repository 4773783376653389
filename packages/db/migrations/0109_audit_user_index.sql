CREATE INDEX "base_audit_log_user_idx" ON "base_audit_log" USING btree ("user_id","audit_id") WHERE "base_audit_log"."header_entity" is null;
