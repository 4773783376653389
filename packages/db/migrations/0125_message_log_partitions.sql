-- Hand-written (drizzle-kit cannot express partitioning): the message log (消息发送日志, spec
-- msgLog) becomes a table PARTITIONED BY RANGE (sent_date), one partition a calendar month in UTC,
-- as the platform log did in 0080, so PURGE_MESSAGE_LOG drops a whole expired month instead of
-- deleting its rows one by one (issue 17: "monthly partitions, configurable retention"). The
-- current month and the next two get partitions here, and a DEFAULT partition takes any row no
-- month covers (earlier months' rows copied below), so an insert never fails for want of a
-- partition; the program creates the months ahead from then on (platform jobs/month-partitions.ts).
-- The key keeps its values: PostgreSQL 15 refuses identity columns on partitioned tables, so the
-- key takes its values from a sequence of the same name, set past every id handed out so far; the
-- primary key must include the partition column: (message_log_id, sent_date).
ALTER TABLE "base_message_log" RENAME TO "base_message_log_old";
--> statement-breakpoint
ALTER INDEX "base_message_log_pkey" RENAME TO "base_message_log_old_pkey";
--> statement-breakpoint
DROP INDEX "base_message_log_channel_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_recipient_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_subject_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_purpose_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_send_status_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_sent_date_idx";
--> statement-breakpoint
DROP INDEX "base_message_log_sent_date_message_log_id_idx";
--> statement-breakpoint
CREATE SEQUENCE "base_message_log_id_next" AS bigint;
--> statement-breakpoint
-- Past the largest id stored and the last one the identity handed out (rows may have been purged).
SELECT setval('"base_message_log_id_next"', greatest(
  (SELECT coalesce(max("message_log_id"), 0) FROM "base_message_log_old"),
  (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM "base_message_log_message_log_id_seq")
) + 1, false);
--> statement-breakpoint
-- Drops the identity's own sequence, freeing its name for the new one.
ALTER TABLE "base_message_log_old" ALTER COLUMN "message_log_id" DROP IDENTITY;
--> statement-breakpoint
ALTER SEQUENCE "base_message_log_id_next" RENAME TO "base_message_log_message_log_id_seq";
--> statement-breakpoint
CREATE TABLE "base_message_log" (
	"message_log_id" bigint DEFAULT nextval('"base_message_log_message_log_id_seq"') NOT NULL,
	"channel" varchar(60) NOT NULL,
	"recipient" varchar(240) NOT NULL,
	"subject" varchar(240),
	"content" text,
	"purpose" varchar(60),
	"send_status" varchar(60) NOT NULL,
	"error_message" varchar(1000),
	"sent_date" timestamp (3) with time zone NOT NULL,
	"version_num" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"creation_date" timestamp (3) with time zone NOT NULL,
	"last_updated_by" bigint,
	"last_update_date" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "base_message_log_pkey" PRIMARY KEY ("message_log_id", "sent_date")
) PARTITION BY RANGE ("sent_date");
--> statement-breakpoint
-- Dropped with the table, as the identity's sequence was.
ALTER SEQUENCE "base_message_log_message_log_id_seq" OWNED BY "base_message_log"."message_log_id";
--> statement-breakpoint
-- The current UTC month and the next two, named base_message_log_yyyy_mm as the program names
-- the ones it adds.
DO $$
DECLARE
  first_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  month_start date;
BEGIN
  FOR step IN 0..2 LOOP
    month_start := (first_month + make_interval(months => step))::date;
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF "base_message_log" FOR VALUES FROM (%L) TO (%L)',
      'base_message_log_' || to_char(month_start, 'YYYY_MM'),
      to_char(month_start, 'YYYY-MM-DD') || ' 00:00:00+00',
      to_char((month_start + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00');
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE "base_message_log_default" PARTITION OF "base_message_log" DEFAULT;
--> statement-breakpoint
CREATE INDEX "base_message_log_channel_idx" ON "base_message_log" USING btree ("channel");
--> statement-breakpoint
CREATE INDEX "base_message_log_recipient_idx" ON "base_message_log" USING btree ("recipient");
--> statement-breakpoint
CREATE INDEX "base_message_log_subject_idx" ON "base_message_log" USING btree ("subject");
--> statement-breakpoint
CREATE INDEX "base_message_log_purpose_idx" ON "base_message_log" USING btree ("purpose");
--> statement-breakpoint
CREATE INDEX "base_message_log_send_status_idx" ON "base_message_log" USING btree ("send_status");
--> statement-breakpoint
CREATE INDEX "base_message_log_sent_date_idx" ON "base_message_log" USING btree ("sent_date");
--> statement-breakpoint
CREATE INDEX "base_message_log_sent_date_message_log_id_idx" ON "base_message_log" USING btree ("sent_date","message_log_id");
--> statement-breakpoint
INSERT INTO "base_message_log" (
	"message_log_id", "channel", "recipient", "subject", "content", "purpose", "send_status",
	"error_message", "sent_date", "version_num", "created_by", "creation_date", "last_updated_by",
	"last_update_date")
SELECT
	"message_log_id", "channel", "recipient", "subject", "content", "purpose", "send_status",
	"error_message", "sent_date", "version_num", "created_by", "creation_date", "last_updated_by",
	"last_update_date"
FROM "base_message_log_old";
--> statement-breakpoint
DROP TABLE "base_message_log_old";
