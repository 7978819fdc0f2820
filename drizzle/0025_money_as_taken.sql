CREATE TABLE "card_payments" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"customer_invoice_id" uuid,
	"amount_cents" integer,
	"currency" text,
	"outcome" text NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded_by_id" uuid,
	"refund_id" text,
	CONSTRAINT "card_payments_outcome_check" CHECK ("card_payments"."outcome" in ('applied', 'refund-due')),
	CONSTRAINT "card_payments_refund_due_reason_check" CHECK ("card_payments"."outcome" <> 'refund-due' or "card_payments"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "invoice_write_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_invoice_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"written_off_by_id" uuid,
	"written_off_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_write_offs_amount_check" CHECK ("invoice_write_offs"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "onsite_payments_one_standing_per_job";--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_refunded_by_id_users_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_write_offs" ADD CONSTRAINT "invoice_write_offs_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_write_offs" ADD CONSTRAINT "invoice_write_offs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_write_offs" ADD CONSTRAINT "invoice_write_offs_written_off_by_id_users_id_fk" FOREIGN KEY ("written_off_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_job_idx" ON "card_payments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "invoice_write_offs_invoice_idx" ON "invoice_write_offs" USING btree ("customer_invoice_id");--> statement-breakpoint
CREATE INDEX "onsite_payments_job_idx" ON "onsite_payments" USING btree ("job_id");