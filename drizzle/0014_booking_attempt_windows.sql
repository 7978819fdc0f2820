CREATE TABLE "booking_attempt_windows" (
	"client_address" text PRIMARY KEY NOT NULL,
	"attempts" timestamp with time zone[] NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_attempt_windows_last_attempt_idx" ON "booking_attempt_windows" USING btree ("last_attempt_at");