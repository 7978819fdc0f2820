ALTER TABLE "business_settings" DROP CONSTRAINT "business_settings_key_check";--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_key_check" CHECK ("business_settings"."key" in ('fees', 'business', 'capacity', 'security', 'messages'));--> statement-breakpoint
-- "Messages to customers" was kept inside the business row (decision 365 before its amendment): moved to a row of its own.
INSERT INTO "business_settings" ("key", "value", "updated_at", "updated_by")
  SELECT 'messages', "value"->'messages', "updated_at", "updated_by" FROM "business_settings"
  WHERE "key" = 'business' AND "value" ? 'messages'
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
UPDATE "business_settings" SET "value" = "value" - 'messages' WHERE "key" = 'business' AND "value" ? 'messages';
