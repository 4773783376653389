ALTER TABLE "srm_inquiry_award" ALTER COLUMN "total_amount" SET DATA TYPE numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_inquiry_award_line" ALTER COLUMN "line_amount" SET DATA TYPE numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_auction_award" ALTER COLUMN "total_amount" SET DATA TYPE numeric(20, 2);
--> statement-breakpoint
ALTER TABLE "srm_auction_award_line" ALTER COLUMN "line_amount" SET DATA TYPE numeric(20, 2);
