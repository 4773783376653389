ALTER TABLE "srm_inquiry_item" ALTER COLUMN "requisition_num" SET DATA TYPE varchar(200);
--> statement-breakpoint
ALTER TABLE "srm_auction_item" ALTER COLUMN "requisition_num" SET DATA TYPE varchar(200);
--> statement-breakpoint
ALTER TABLE "srm_inquiry_item" ADD COLUMN "requisition_line_ids" varchar(8000);
--> statement-breakpoint
ALTER TABLE "srm_auction_item" ADD COLUMN "requisition_line_ids" varchar(8000);
