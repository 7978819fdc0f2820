CREATE TABLE "customer_invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_invoice_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text,
	CONSTRAINT "customer_invoice_events_kind_check" CHECK ("customer_invoice_events"."kind" in ('created', 'status', 'edit', 'line', 'pdf', 'email', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "customer_invoice_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_invoice_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"filename" text NOT NULL,
	"content_hash" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"sent_at" timestamp with time zone,
	CONSTRAINT "customer_invoice_pdfs_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
ALTER TABLE "customer_invoice_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "payment_note" text;--> statement-breakpoint
ALTER TABLE "customer_invoice_events" ADD CONSTRAINT "customer_invoice_events_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoice_events" ADD CONSTRAINT "customer_invoice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoice_pdfs" ADD CONSTRAINT "customer_invoice_pdfs_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoice_pdfs" ADD CONSTRAINT "customer_invoice_pdfs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_invoice_events_invoice_idx" ON "customer_invoice_events" USING btree ("customer_invoice_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoice_pdfs_version_idx" ON "customer_invoice_pdfs" USING btree ("customer_invoice_id","version");--> statement-breakpoint
CREATE INDEX "purchase_invoices_invoice_date_idx" ON "purchase_invoices" USING btree ("invoice_date");--> statement-breakpoint
CREATE INDEX "business_expenses_expense_date_idx" ON "business_expenses" USING btree ("expense_date");--> statement-breakpoint
CREATE INDEX "customer_invoice_items_invoice_idx" ON "customer_invoice_items" USING btree ("customer_invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_one_live_per_job" ON "customer_invoices" USING btree ("job_id") WHERE "customer_invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "customer_invoices_date_idx" ON "customer_invoices" USING btree ("invoice_date","invoice_number");--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_total_positive" CHECK ("purchase_invoices"."total_amount" > 0);--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_gst_within_total" CHECK ("purchase_invoices"."gst_amount" >= 0 and "purchase_invoices"."gst_amount" <= "purchase_invoices"."total_amount");--> statement-breakpoint
ALTER TABLE "business_expenses" ADD CONSTRAINT "business_expenses_amount_positive" CHECK ("business_expenses"."amount" > 0);--> statement-breakpoint
ALTER TABLE "business_expenses" ADD CONSTRAINT "business_expenses_gst_within_amount" CHECK ("business_expenses"."gst_amount" >= 0 and "business_expenses"."gst_amount" <= "business_expenses"."amount");--> statement-breakpoint
ALTER TABLE "customer_invoice_items" ADD CONSTRAINT "customer_invoice_items_category_check" CHECK ("customer_invoice_items"."category" in ('callout', 'tyre', 'labour', 'battery', 'note'));