CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT 'CN-' || lpad(nextval('credit_note_number_seq')::text, 4, '0') NOT NULL,
	"customer_invoice_id" uuid NOT NULL,
	"credit_date" date NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"gst_amount" numeric(10, 2) DEFAULT '0.00' NOT NULL,
	"reason" text NOT NULL,
	"pdf_filename" text,
	"pdf_size" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "customer_invoice_events" DROP CONSTRAINT "customer_invoice_events_kind_check";--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "pay_token" text;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("customer_invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_date_idx" ON "credit_notes" USING btree ("credit_date");--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_pay_token_unique" UNIQUE("pay_token");--> statement-breakpoint
ALTER TABLE "customer_invoice_events" ADD CONSTRAINT "customer_invoice_events_kind_check" CHECK ("customer_invoice_events"."kind" in ('created', 'status', 'edit', 'line', 'pdf', 'email', 'payment', 'void', 'credit'));