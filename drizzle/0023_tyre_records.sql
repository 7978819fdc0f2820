CREATE TABLE "fitted_tyres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"position" text NOT NULL,
	"size" text NOT NULL,
	"brand" text NOT NULL,
	"model" text,
	"dot_week" integer NOT NULL,
	"dot_year" integer NOT NULL,
	"fitted_on" date NOT NULL,
	"is_over_age" boolean DEFAULT false NOT NULL,
	"removed" text NOT NULL,
	"from_location" text,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitted_tyres_job_position_unique" UNIQUE("job_id","position"),
	CONSTRAINT "fitted_tyres_position_check" CHECK ("fitted_tyres"."position" in ('front-left', 'front-right', 'rear-left', 'rear-right', 'spare')),
	CONSTRAINT "fitted_tyres_removed_check" CHECK ("fitted_tyres"."removed" in ('kept', 'disposal')),
	CONSTRAINT "fitted_tyres_dot_week_check" CHECK ("fitted_tyres"."dot_week" between 1 and 53)
);
--> statement-breakpoint
CREATE TABLE "tyre_reorder_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"size" text NOT NULL,
	"brand" text NOT NULL,
	"supplier" text,
	"minimum" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyre_reorder_rules_item_unique" UNIQUE("size","brand"),
	CONSTRAINT "tyre_reorder_rules_minimum_check" CHECK ("tyre_reorder_rules"."minimum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tyre_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"warranty_months" integer DEFAULT 12 NOT NULL,
	"claim_labour_free" boolean DEFAULT true NOT NULL,
	"order_lead_days" integer DEFAULT 3 NOT NULL,
	"disposal_levy" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"default_minimum" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tyre_settings_one_row" CHECK ("tyre_settings"."id" = 1),
	CONSTRAINT "tyre_settings_warranty_check" CHECK ("tyre_settings"."warranty_months" between 0 and 120),
	CONSTRAINT "tyre_settings_lead_check" CHECK ("tyre_settings"."order_lead_days" between 0 and 90),
	CONSTRAINT "tyre_settings_minimum_check" CHECK ("tyre_settings"."default_minimum" >= 0),
	CONSTRAINT "tyre_settings_levy_check" CHECK ("tyre_settings"."disposal_levy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tyre_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location" text NOT NULL,
	"size" text NOT NULL,
	"brand" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyre_stock_place_unique" UNIQUE("location","size","brand"),
	CONSTRAINT "tyre_stock_quantity_check" CHECK ("tyre_stock"."quantity" >= 0),
	CONSTRAINT "tyre_stock_reserved_check" CHECK ("tyre_stock"."reserved" >= 0 and "tyre_stock"."reserved" <= "tyre_stock"."quantity"),
	CONSTRAINT "tyre_stock_location_check" CHECK ("tyre_stock"."location" ~ '^(depot|van-([1-9]|1[0-9]|20))$')
);
--> statement-breakpoint
CREATE TABLE "tyre_stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"location" text NOT NULL,
	"size" text NOT NULL,
	"brand" text NOT NULL,
	"change" integer NOT NULL,
	"counted" integer,
	"job_id" uuid,
	"actor_id" uuid,
	CONSTRAINT "tyre_stock_movements_kind_check" CHECK ("tyre_stock_movements"."kind" in ('load', 'return', 'count', 'fit'))
);
--> statement-breakpoint
CREATE TABLE "tyre_stock_reservations" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"stock_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_job_id" uuid NOT NULL,
	"original_job_id" uuid NOT NULL,
	"fitted_tyre_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	CONSTRAINT "warranty_claims_claim_job_id_unique" UNIQUE("claim_job_id")
);
--> statement-breakpoint
ALTER TABLE "fitted_tyres" ADD CONSTRAINT "fitted_tyres_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitted_tyres" ADD CONSTRAINT "fitted_tyres_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_settings" ADD CONSTRAINT "tyre_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_reservations" ADD CONSTRAINT "tyre_stock_reservations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_reservations" ADD CONSTRAINT "tyre_stock_reservations_stock_id_tyre_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."tyre_stock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_claim_job_id_jobs_id_fk" FOREIGN KEY ("claim_job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_original_job_id_jobs_id_fk" FOREIGN KEY ("original_job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_fitted_tyre_id_fitted_tyres_id_fk" FOREIGN KEY ("fitted_tyre_id") REFERENCES "public"."fitted_tyres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fitted_tyres_fitted_on_idx" ON "fitted_tyres" USING btree ("fitted_on");--> statement-breakpoint
CREATE INDEX "tyre_stock_size_idx" ON "tyre_stock" USING btree ("size");--> statement-breakpoint
CREATE INDEX "tyre_stock_movements_at_idx" ON "tyre_stock_movements" USING btree ("at");--> statement-breakpoint
CREATE INDEX "warranty_claims_original_idx" ON "warranty_claims" USING btree ("original_job_id");