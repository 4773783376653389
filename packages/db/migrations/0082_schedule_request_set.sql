ALTER TABLE "base_schedule_job" ALTER COLUMN "program_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "base_schedule_job" ADD COLUMN "request_set_id" bigint;
--> statement-breakpoint
ALTER TABLE "base_schedule_job" ADD CONSTRAINT "base_schedule_job_request_set_id_fk" FOREIGN KEY ("request_set_id") REFERENCES "public"."base_request_set"("request_set_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "base_schedule_job_request_set_id_idx" ON "base_schedule_job" USING btree ("request_set_id");
