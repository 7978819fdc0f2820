ALTER TABLE "jobs" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "contact_email" text;