CREATE TABLE "srm_cct_esign_event" (
	"serial_number" varchar(100) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"flow_id" varchar(100) NOT NULL,
	"contract_id" bigint,
	"received_at" timestamp (3) with time zone NOT NULL
);

--> statement-breakpoint
ALTER TABLE "srm_cct_contract" ADD COLUMN "sign_flow_id" varchar(100);
