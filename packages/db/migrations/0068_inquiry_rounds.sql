ALTER TABLE "srm_inquiry" ADD COLUMN "round_num" bigint;
--> statement-breakpoint
ALTER TABLE "srm_inquiry_item" ADD COLUMN "round_num" bigint;
--> statement-breakpoint
ALTER TABLE "srm_inquiry_supplier" ADD COLUMN "round_num" bigint;
--> statement-breakpoint
ALTER TABLE "srm_inquiry_quote" ADD COLUMN "round_num" bigint;
