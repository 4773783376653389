-- Hand-written (drizzle-kit cannot express partitioning): the platform log becomes a table
-- PARTITIONED BY RANGE (sent_at), one partition a calendar month in UTC, so PURGE_SCSI_LOG drops
-- a whole expired month instead of deleting its rows one by one (issue 16: "kept 90 days in
-- monthly partitions"). This migration makes the partitions of the current month and the next
-- two plus a DEFAULT partition, which takes any row no month partition covers (earlier months'
-- rows copied below, a clock far ahead), so an insert never fails for want of a partition; the
-- program creates the months ahead from then on (platform-log/partitions.ts).
-- The key keeps its values. PostgreSQL 15 refuses identity columns on partitioned tables, so the
-- key takes its values from a sequence of the same name, set past every id handed out so far; the
-- primary key must include the partition column: (platform_log_id, sent_at). The engine's
-- definition still describes a plain table with an identity key; inserts, reads by key and lists
-- work the same on both.
ALTER TABLE "base_scsi_platform_log" RENAME TO "base_scsi_platform_log_old";
--> statement-breakpoint
ALTER INDEX "base_scsi_platform_log_pkey" RENAME TO "base_scsi_platform_log_old_pkey";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_definition_code_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_business_number_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_idempotency_key_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_error_class_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_sent_at_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_outbox_id_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_definition_id_idx";
--> statement-breakpoint
DROP INDEX "base_scsi_platform_log_business_id_idx";
--> statement-breakpoint
CREATE SEQUENCE "base_scsi_platform_log_id_next" AS bigint;
--> statement-breakpoint
-- Past the largest id stored and the last one the identity handed out (rows may have been purged).
SELECT setval('"base_scsi_platform_log_id_next"', greatest(
  (SELECT coalesce(max("platform_log_id"), 0) FROM "base_scsi_platform_log_old"),
  (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM "base_scsi_platform_log_platform_log_id_seq")
) + 1, false);
--> statement-breakpoint
-- Drops the identity's own sequence, freeing its name for the new one.
ALTER TABLE "base_scsi_platform_log_old" ALTER COLUMN "platform_log_id" DROP IDENTITY;
--> statement-breakpoint
ALTER SEQUENCE "base_scsi_platform_log_id_next" RENAME TO "base_scsi_platform_log_platform_log_id_seq";
--> statement-breakpoint
CREATE TABLE "base_scsi_platform_log" (
	"platform_log_id" bigint DEFAULT nextval('"base_scsi_platform_log_platform_log_id_seq"') NOT NULL,
	"outbox_id" bigint NOT NULL,
	"definition_id" bigint NOT NULL,
	"definition_code" varchar(40) NOT NULL,
	"definition_version" bigint NOT NULL,
	"business_entity" varchar(60) NOT NULL,
	"business_id" bigint NOT NULL,
	"business_number" varchar(60),
	"idempotency_key" varchar(200) NOT NULL,
	"attempt" bigint NOT NULL,
	"request_url" varchar(2000) NOT NULL,
	"http_method" varchar(10) NOT NULL,
	"request_headers" jsonb,
	"request_body" text,
	"response_status" bigint,
	"response_body" text,
	"duration_ms" bigint NOT NULL,
	"error_class" varchar(60),
	"error_message" varchar(2000),
	"node_name" varchar(120),
	"sent_at" timestamp (3) with time zone NOT NULL,
	"version_num" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"creation_date" timestamp (3) with time zone NOT NULL,
	"last_updated_by" bigint,
	"last_update_date" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "base_scsi_platform_log_pkey" PRIMARY KEY ("platform_log_id", "sent_at")
) PARTITION BY RANGE ("sent_at");
--> statement-breakpoint
-- Dropped with the table, as the identity's sequence was.
ALTER SEQUENCE "base_scsi_platform_log_platform_log_id_seq" OWNED BY "base_scsi_platform_log"."platform_log_id";
--> statement-breakpoint
-- The current UTC month and the next two, named base_scsi_platform_log_yyyy_mm as the program
-- names the ones it adds.
DO $$
DECLARE
  first_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  month_start date;
BEGIN
  FOR step IN 0..2 LOOP
    month_start := (first_month + make_interval(months => step))::date;
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF "base_scsi_platform_log" FOR VALUES FROM (%L) TO (%L)',
      'base_scsi_platform_log_' || to_char(month_start, 'YYYY_MM'),
      to_char(month_start, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char((month_start + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "base_scsi_platform_log_default" PARTITION OF "base_scsi_platform_log" DEFAULT;
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_definition_code_idx" ON "base_scsi_platform_log" USING btree ("definition_code");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_business_number_idx" ON "base_scsi_platform_log" USING btree ("business_number");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_idempotency_key_idx" ON "base_scsi_platform_log" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_error_class_idx" ON "base_scsi_platform_log" USING btree ("error_class");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_sent_at_idx" ON "base_scsi_platform_log" USING btree ("sent_at");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_outbox_id_idx" ON "base_scsi_platform_log" USING btree ("outbox_id");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_definition_id_idx" ON "base_scsi_platform_log" USING btree ("definition_id");
--> statement-breakpoint
CREATE INDEX "base_scsi_platform_log_business_id_idx" ON "base_scsi_platform_log" USING btree ("business_id");
--> statement-breakpoint
INSERT INTO "base_scsi_platform_log" (
	"platform_log_id", "outbox_id", "definition_id", "definition_code", "definition_version",
	"business_entity", "business_id", "business_number", "idempotency_key", "attempt", "request_url",
	"http_method", "request_headers", "request_body", "response_status", "response_body",
	"duration_ms", "error_class", "error_message", "node_name", "sent_at", "version_num",
	"created_by", "creation_date", "last_updated_by", "last_update_date")
SELECT
	"platform_log_id", "outbox_id", "definition_id", "definition_code", "definition_version",
	"business_entity", "business_id", "business_number", "idempotency_key", "attempt", "request_url",
	"http_method", "request_headers", "request_body", "response_status", "response_body",
	"duration_ms", "error_class", "error_message", "node_name", "sent_at", "version_num",
	"created_by", "creation_date", "last_updated_by", "last_update_date"
FROM "base_scsi_platform_log_old";
--> statement-breakpoint
DROP TABLE "base_scsi_platform_log_old";
--> statement-breakpoint
ALTER TABLE "base_scsi_platform_log" ADD CONSTRAINT "base_scsi_platform_log_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."base_scsi_definition"("definition_id") ON DELETE no action ON UPDATE no action;
