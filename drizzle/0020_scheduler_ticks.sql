CREATE TABLE "scheduler_ticks" (
	"job" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
