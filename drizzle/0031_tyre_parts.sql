CREATE TABLE "job_tyre_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"unit_cost" numeric(10, 2) NOT NULL,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_tyre_parts_quantity_check" CHECK ("job_tyre_parts"."quantity" > 0),
	CONSTRAINT "job_tyre_parts_kind_check" CHECK ("job_tyre_parts"."kind" in ('valve', 'tpms-sensor'))
);
--> statement-breakpoint
CREATE TABLE "tyre_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"retail_price" numeric(10, 2) NOT NULL,
	"purchase_price" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyre_parts_name_unique" UNIQUE("name"),
	CONSTRAINT "tyre_parts_kind_check" CHECK ("tyre_parts"."kind" in ('valve', 'tpms-sensor')),
	CONSTRAINT "tyre_parts_prices_check" CHECK ("tyre_parts"."retail_price" >= 0 and "tyre_parts"."purchase_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "job_tyre_parts" ADD CONSTRAINT "job_tyre_parts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tyre_parts" ADD CONSTRAINT "job_tyre_parts_part_id_tyre_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."tyre_parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tyre_parts" ADD CONSTRAINT "job_tyre_parts_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_tyre_parts_job_idx" ON "job_tyre_parts" USING btree ("job_id");