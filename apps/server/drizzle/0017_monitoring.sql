CREATE TABLE "alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_notified_at" timestamp with time zone,
	CONSTRAINT "alert_kind_check" CHECK ("kind" in ('job-failing', 'backlog')),
	CONSTRAINT "alert_subject_check" CHECK ("subject" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup')),
	CONSTRAINT "alert_resolved_check" CHECK ("resolved_notified_at" is null or "resolved_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "scheduled_job" (
	"name" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_reason" text,
	CONSTRAINT "scheduled_job_name_check" CHECK ("name" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup')),
	CONSTRAINT "scheduled_job_reason_check" CHECK ("last_failure_reason" ~ '^[A-Za-z0-9_-]{1,40}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_open_idx" ON "alert" USING btree ("kind","subject") WHERE resolved_at is null;