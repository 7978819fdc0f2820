DROP INDEX "job_events_job_idx";--> statement-breakpoint
ALTER TABLE "job_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "job_events_job_idx" ON "job_events" USING btree ("job_id","seq");