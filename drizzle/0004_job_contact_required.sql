ALTER TABLE "jobs" ALTER COLUMN "contact_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "contact_phone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "contact_email" SET NOT NULL;