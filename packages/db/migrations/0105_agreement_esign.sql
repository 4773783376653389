ALTER TABLE "srm_agreement_sign" ADD COLUMN "esign_flag" char(1);
--> statement-breakpoint
ALTER TABLE "srm_agreement_sign" ADD COLUMN "sign_flow_id" varchar(100);
--> statement-breakpoint
ALTER TABLE "srm_agreement_sign" ADD COLUMN "sign_pdf_ids" text;
--> statement-breakpoint
ALTER TABLE "srm_agreement_sign" ADD COLUMN "signed_pdf_ids" text;
