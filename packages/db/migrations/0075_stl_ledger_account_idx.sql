CREATE INDEX "srm_stl_ledger_supplier_id_org_id_currency_id_account__5a280338" ON "srm_stl_ledger" USING btree ("supplier_id","org_id","currency_id","account_code","ledger_id");
