DROP INDEX "outbound_emails_status_idx";--> statement-breakpoint
DROP INDEX "outbound_sms_status_idx";--> statement-breakpoint
CREATE INDEX "outbound_emails_pending_idx" ON "outbound_emails" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbound_sms_pending_idx" ON "outbound_sms" USING btree ("created_at") WHERE status = 'pending';