CREATE TABLE "known_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"address" text,
	"kind" text NOT NULL,
	"subject" text,
	"label" text,
	"action" text NOT NULL,
	"field" text,
	"from_value" text,
	"to_value" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "technician_leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_leave_order_check" CHECK ("technician_leave"."last_day" >= "technician_leave"."first_day")
);
--> statement-breakpoint
-- The three history tables become views of the one audit log (decision 303): their rows move first.
INSERT INTO "audit_log" ("seq", "at", "actor_id", "actor_name", "kind", "subject", "label", "action", "from_value", "to_value", "note")
SELECT nextval('audit_log_seq_seq'), e."at", e."actor_id", u."username", 'job', 'job:' || e."job_id", j."job_number", e."kind", e."from_value", e."to_value", e."note"
FROM "job_events" e JOIN "jobs" j ON j."id" = e."job_id" LEFT JOIN "users" u ON u."id" = e."actor_id" ORDER BY e."seq";--> statement-breakpoint
INSERT INTO "audit_log" ("seq", "at", "actor_id", "actor_name", "kind", "subject", "label", "action", "from_value", "to_value", "note")
SELECT nextval('audit_log_seq_seq'), e."at", e."actor_id", u."username", 'invoice', 'invoice:' || e."customer_invoice_id", i."invoice_number", e."kind", e."from_value", e."to_value", e."note"
FROM "customer_invoice_events" e JOIN "customer_invoices" i ON i."id" = e."customer_invoice_id" LEFT JOIN "users" u ON u."id" = e."actor_id" ORDER BY e."seq";--> statement-breakpoint
INSERT INTO "audit_log" ("seq", "at", "actor_id", "actor_name", "kind", "subject", "label", "action", "field", "from_value", "to_value", "note")
SELECT nextval('audit_log_seq_seq'), e."at", e."actor_id", u."username", 'setting', e."subject", e."label", e."kind", e."field", e."from_value", e."to_value", e."note"
FROM "setting_events" e LEFT JOIN "users" u ON u."id" = e."actor_id" ORDER BY e."seq";--> statement-breakpoint
DROP TABLE "job_events" CASCADE;--> statement-breakpoint
DROP TABLE "customer_invoice_events" CASCADE;--> statement-breakpoint
DROP TABLE "setting_events" CASCADE;--> statement-breakpoint
ALTER TABLE "business_settings" DROP CONSTRAINT "business_settings_key_check";--> statement-breakpoint
DROP INDEX "jobs_one_per_slot";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "working_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "slot_place" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_leave" ADD CONSTRAINT "technician_leave_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject","seq");--> statement-breakpoint
CREATE INDEX "audit_log_seq_idx" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "technician_leave_days_idx" ON "technician_leave" USING btree ("first_day","last_day");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_slot_place" ON "jobs" USING btree ("scheduled_day","time_slot","slot_place") WHERE "jobs"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_slot_place_check" CHECK ("jobs"."slot_place" between 1 and 20);--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_key_check" CHECK ("business_settings"."key" in ('fees', 'business', 'capacity', 'security'));;--> statement-breakpoint
-- Append-only, whatever the code does: the database refuses to change or remove a row (decision 303).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
