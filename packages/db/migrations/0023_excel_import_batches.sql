CREATE TABLE "base_excel_import_batch" (
	"import_id" bigint NOT NULL,
	"batch_no" integer NOT NULL,
	"ids" bigint[] NOT NULL,
	CONSTRAINT "base_excel_import_batch_import_id_batch_no_pk" PRIMARY KEY("import_id","batch_no")
);

