-- Issue 27, item 5 (decision 0040): retention by outcome. A legal hold keeps a case under proceedings from
-- erasure (its reason sealed, reviewed yearly); each erasure leaves a record without personal data; the
-- daily digest counts the erasures due within 14 days; the audit log knows the hold's three events.
CREATE TABLE "legal_hold" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "legal_hold_one_per_report" UNIQUE("report_id"),
	CONSTRAINT "legal_hold_review_whole" CHECK (("reviewed_at" is null) = ("reviewed_by" is null)),
	CONSTRAINT "legal_hold_reviewed_after_set" CHECK ("reviewed_at" is null or "reviewed_at" >= "set_at")
);
--> statement-breakpoint
CREATE TABLE "report_erasure" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	"outcome" text NOT NULL,
	"period_months" integer NOT NULL,
	"files" integer NOT NULL,
	CONSTRAINT "report_erasure_via_check" CHECK ("via" in ('retention')),
	CONSTRAINT "report_erasure_outcome_check" CHECK ("outcome" in ('rejected', 'verified', 'closed')),
	CONSTRAINT "report_erasure_period_check" CHECK ("period_months" between 1 and 120),
	CONSTRAINT "report_erasure_files_check" CHECK ("files" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "staff_digest" ADD COLUMN "erasures_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_hold" ADD CONSTRAINT "legal_hold_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_hold" ADD CONSTRAINT "legal_hold_set_by_staff_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_hold" ADD CONSTRAINT "legal_hold_reviewed_by_staff_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_erasure" ADD CONSTRAINT "report_erasure_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed'));--> statement-breakpoint
ALTER TABLE "staff_digest" ADD CONSTRAINT "staff_digest_erasures_due_check" CHECK ("erasures_due" >= 0);