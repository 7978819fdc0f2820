ALTER TABLE "onsite_payments" DROP CONSTRAINT "onsite_payments_method_check";--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_reference_check" CHECK ("onsite_payments"."reference" is null or char_length("onsite_payments"."reference") between 1 and 100);--> statement-breakpoint
ALTER TABLE "onsite_payments" ADD CONSTRAINT "onsite_payments_method_check" CHECK ("onsite_payments"."method" in ('cash', 'card', 'eftpos', 'payid', 'bnpl', 'bank-transfer'));