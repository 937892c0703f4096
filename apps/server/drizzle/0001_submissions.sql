CREATE TABLE "altcha_used_challenge" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"language" text NOT NULL,
	"content" text NOT NULL,
	"is_quarantined" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"language" text NOT NULL,
	"is_anonymous" boolean NOT NULL,
	"personal_data" text,
	"incident_date" date NOT NULL,
	"incident_time" text,
	"location" text NOT NULL,
	"incident_type" text NOT NULL,
	"description" text NOT NULL,
	"called_police" boolean NOT NULL,
	"police_report_number" text,
	"called_organisation" boolean NOT NULL,
	"medical_treatment" boolean NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"is_quarantined" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_attachment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"generation" text NOT NULL,
	"metageneration" integer NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"time_created" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone NOT NULL,
	"md5_hash" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"content_type" text NOT NULL,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"original_name" text,
	CONSTRAINT "report_attachment_full_path_unique" UNIQUE("full_path")
);
--> statement-breakpoint
ALTER TABLE "report_attachment" ADD CONSTRAINT "report_attachment_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_pending_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "report_created_at_idx" ON "report" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_incident_date_idx" ON "report" USING btree ("incident_date");--> statement-breakpoint
CREATE INDEX "report_attachment_report_id_idx" ON "report_attachment" USING btree ("report_id");