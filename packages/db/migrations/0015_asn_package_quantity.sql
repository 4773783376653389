ALTER TABLE "srm_pur_asn_line" ADD COLUMN "package_quantity" numeric(20, 4);
