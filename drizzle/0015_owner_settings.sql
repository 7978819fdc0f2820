CREATE TABLE "business_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "business_closures_order_check" CHECK ("business_closures"."last_day" >= "business_closures"."first_day")
);
--> statement-breakpoint
CREATE TABLE "business_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "business_settings_key_check" CHECK ("business_settings"."key" in ('fees', 'business'))
);
--> statement-breakpoint
CREATE TABLE "setting_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"subject" text NOT NULL,
	"label" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"field" text,
	"from_value" text,
	"to_value" text,
	"note" text,
	CONSTRAINT "setting_events_kind_check" CHECK ("setting_events"."kind" in ('created', 'changed', 'activated', 'deactivated', 'removed', 'imported', 'bulk-changed'))
);
--> statement-breakpoint
ALTER TABLE "tyre_stock_pricing" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "tyre_stock_pricing" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_events" ADD CONSTRAINT "setting_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_closures_days_idx" ON "business_closures" USING btree ("first_day","last_day");--> statement-breakpoint
CREATE INDEX "setting_events_subject_idx" ON "setting_events" USING btree ("subject","seq");--> statement-breakpoint
CREATE INDEX "setting_events_seq_idx" ON "setting_events" USING btree ("seq");--> statement-breakpoint
ALTER TABLE "tyre_stock_pricing" ADD CONSTRAINT "tyre_stock_pricing_stock_check" CHECK ("tyre_stock_pricing"."stock" is null or "tyre_stock_pricing"."stock" >= 0);--> statement-breakpoint
-- The owner's settings (decision 280) reach every instance as the public caches' changes do
-- (decision 231): a settings write NOTIFYs 'settings:*' (each instance forgets its copy) and,
-- since fees, the business's details and its opening days show on public pages and decide
-- availability, 'pages:*' and 'availability:*'. A closure changes availability only.
CREATE FUNCTION public_cache_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_cache', 'settings:*');
  PERFORM pg_notify('public_cache', 'pages:*');
  PERFORM pg_notify('public_cache', 'availability:*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER business_settings_public_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_settings
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_settings_changed();
--> statement-breakpoint
CREATE TRIGGER business_closures_public_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_closures
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('availability:*');
--> statement-breakpoint
-- The price list shows on public pages through the quote only, which is never cached; the pages
-- cache still hears of it, as a suburb page may one day state a price.
CREATE TRIGGER tyre_stock_pricing_public_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tyre_stock_pricing
  FOR EACH STATEMENT EXECUTE FUNCTION public_cache_all_changed('pages:*');
