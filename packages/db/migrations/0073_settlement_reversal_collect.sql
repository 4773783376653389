DROP INDEX "srm_stl_account_line_transaction_type_idx";
--> statement-breakpoint
ALTER TABLE "srm_stl_advance" ADD COLUMN "collected_amount" numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_stl_payment_header" ADD COLUMN "reversed_date" timestamp (3) with time zone;
