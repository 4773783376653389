ALTER TABLE "srm_pur_transaction" ALTER COLUMN "remark" SET DATA TYPE varchar(60);
