CREATE TABLE "report_reminder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"note" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	CONSTRAINT "report_reminder_done_pair" CHECK (("done_at" is null) = ("done_by" is null)),
	CONSTRAINT "report_reminder_note_length" CHECK (char_length("note") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "staff_digest" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" text NOT NULL,
	"day" date NOT NULL,
	"new_reports" integer NOT NULL,
	"overdue_reports" integer NOT NULL,
	"unanswered_reports" integer NOT NULL,
	"due_reminders" integer NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_digest_once_a_day" UNIQUE("staff_id","day"),
	CONSTRAINT "staff_digest_counts_check" CHECK ("new_reports" >= 0 and "overdue_reports" >= 0 and "unanswered_reports" >= 0 and "due_reminders" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_mail_preference" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "recipient_staff_id" text;--> statement-breakpoint
ALTER TABLE "report_reminder" ADD CONSTRAINT "report_reminder_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder" ADD CONSTRAINT "report_reminder_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reminder" ADD CONSTRAINT "report_reminder_done_by_staff_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_digest" ADD CONSTRAINT "staff_digest_staff_id_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_digest" ADD CONSTRAINT "staff_digest_outbox_id_notification_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."notification_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_mail_preference" ADD CONSTRAINT "staff_mail_preference_staff_id_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_reminder_report_idx" ON "report_reminder" USING btree ("report_id","due_on");--> statement-breakpoint
CREATE INDEX "report_reminder_open_idx" ON "report_reminder" USING btree ("due_on") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "staff_digest_outbox_idx" ON "staff_digest" USING btree ("outbox_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_recipient_staff_id_staff_user_id_fk" FOREIGN KEY ("recipient_staff_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_recipient_check" CHECK (("recipient_staff_id" is not null) = ("kind" in ('reportAssigned', 'dailyDigest')));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_assignment_has_report" CHECK ("kind" <> 'reportAssigned' or "report_id" is not null);--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("kind" in ('newReport', 'newMessage', 'followUpReply', 'urgentReport', 'reportAssigned', 'dailyDigest'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.evidence-pack-produced', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'message.erased', 'storage.orphans-removed'));