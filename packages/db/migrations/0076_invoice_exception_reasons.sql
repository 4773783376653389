ALTER TABLE "srm_stl_invoice_line" ALTER COLUMN "exception_reasons" SET DATA TYPE varchar(60)[] USING string_to_array("exception_reasons", ',')::varchar(60)[];
