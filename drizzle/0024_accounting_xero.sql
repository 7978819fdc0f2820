CREATE TABLE "accounting_setup" (
	"id" text PRIMARY KEY DEFAULT 'xero' NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mapping_set_at" timestamp with time zone,
	"tenant_id" text,
	"organisation_name" text,
	"tokens" text,
	"token_expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"connected_by_id" uuid,
	"connection_error" text,
	"pending_state" text,
	"pending_verifier" text,
	"pending_at" timestamp with time zone,
	"rate_window_start" timestamp with time zone,
	"rate_calls" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_setup_one_row" CHECK ("accounting_setup"."id" = 'xero')
);
--> statement-breakpoint
CREATE TABLE "accounting_sync" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"label" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"xero_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"failed_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sync_kind_check" CHECK ("accounting_sync"."kind" in ('contact', 'invoice', 'credit-note', 'bill', 'expense', 'payment', 'allocation', 'void', 'refund')),
	CONSTRAINT "accounting_sync_state_check" CHECK ("accounting_sync"."state" in ('waiting', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "accounting_setup" ADD CONSTRAINT "accounting_setup_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sync_record_idx" ON "accounting_sync" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "accounting_sync_due_idx" ON "accounting_sync" USING btree ("state","next_attempt_at");