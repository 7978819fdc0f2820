CREATE TABLE "owner_setup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
