CREATE TABLE "base_realtime_ticket" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);

--> statement-breakpoint
CREATE INDEX "base_realtime_ticket_expiry_idx" ON "base_realtime_ticket" USING btree ("expires_at");
