CREATE TABLE "manage_link_misses" (
	"client_address" text PRIMARY KEY NOT NULL,
	"attempts" timestamp with time zone[] NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"provider_id" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbound_sms_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onsite_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"customer_invoice_id" uuid,
	"method" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"taken_by_id" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by_id" uuid,
	"reversal_reason" text,
	CONSTRAINT "onsite_payments_method_check" CHECK ("onsite_payments"."method" in ('cash', 'card', 'eftpos', 'payid', 'bnpl')),
	CONSTRAINT "onsite_payments_amount_check" CHECK ("onsite_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "request_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "request_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "return_visits_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_photos" ADD COLUMN "taken_by_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "return_visit_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "outbound_sms" ADD CONSTRAINT "outbound_sms_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manage_link_misses_last_attempt_idx" ON "manage_link_misses" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "outbound_sms_status_idx" ON "outbound_sms" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbound_sms_job_idx" ON "outbound_sms" USING btree ("job_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "onsite_payments_one_standing_per_job" ON "onsite_payments" USING btree ("job_id") WHERE "onsite_payments"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "onsite_payments_taken_idx" ON "onsite_payments" USING btree ("taken_at");--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_unsubscribe_token_unique" UNIQUE("unsubscribe_token");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_manage_token_hash_unique" UNIQUE("manage_token_hash");--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_dedupe_key_unique" UNIQUE("dedupe_key");