CREATE TABLE "app_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_alerts" (
	"kind" text PRIMARY KEY NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"detail" text NOT NULL,
	CONSTRAINT "system_alerts_kind_check" CHECK ("system_alerts"."kind" in ('backup', 'messages', 'disk'))
);
