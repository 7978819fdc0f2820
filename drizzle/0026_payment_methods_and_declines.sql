ALTER TABLE "business_settings" DROP CONSTRAINT "business_settings_key_check";--> statement-breakpoint
ALTER TABLE "booking_holds" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_key_check" CHECK ("business_settings"."key" in ('fees', 'business', 'capacity', 'security', 'messages', 'paymentMethods'));