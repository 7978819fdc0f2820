CREATE TABLE "invoice_pay_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_pay_links" ADD CONSTRAINT "invoice_pay_links_customer_invoice_id_customer_invoices_id_fk" FOREIGN KEY ("customer_invoice_id") REFERENCES "public"."customer_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_pay_links_invoice_idx" ON "invoice_pay_links" USING btree ("customer_invoice_id");--> statement-breakpoint
-- Every pay link already sent keeps working, and its token is no longer kept in plain
-- (docs/decisions/397-tokens-kept-out-of-logs.md): the token's SHA-256 (hex, as the server's
-- hashPayToken) goes into invoice_pay_links and customer_invoices.pay_token is emptied. sha256() is
-- core PostgreSQL (11 and later, PGlite included): no extension needed. The column itself stays
-- (expand only, decision 398): the release still serving during the rollout may write a token
-- there, which the new release takes over on first use; a later release removes it.
INSERT INTO "invoice_pay_links" ("token_hash", "customer_invoice_id", "created_at")
SELECT encode(sha256(convert_to("pay_token", 'UTF8')), 'hex'), "id", coalesce("sent_at", "created_at")
FROM "customer_invoices"
WHERE "pay_token" IS NOT NULL;--> statement-breakpoint
UPDATE "customer_invoices" SET "pay_token" = NULL WHERE "pay_token" IS NOT NULL;
