CREATE TABLE "partner" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"accepts" text DEFAULT '' NOT NULL,
	"disabled_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_kind_check" CHECK ("kind" in ('police-zone', 'public-prosecutor', 'unia', 'victim-support', 'legal-aid', 'psychological-help', 'other-monitor', 'other')),
	CONSTRAINT "partner_revision_check" CHECK ("revision" >= 1),
	CONSTRAINT "partner_name_check" CHECK (char_length("name") between 1 and 120),
	CONSTRAINT "partner_contact_check" CHECK (char_length("contact") <= 500),
	CONSTRAINT "partner_accepts_check" CHECK (char_length("accepts") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "referral" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"pack_id" uuid NOT NULL,
	"identity_included" boolean NOT NULL,
	"reporter_agreed_on" date,
	"reporter_agreed_via" text,
	"referred_by" text,
	"sent_at" timestamp with time zone NOT NULL,
	"reference" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"outcome" text,
	"first_answer_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"outcome_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_status_check" CHECK ("status" in ('sent', 'acknowledged', 'in-progress', 'closed')),
	CONSTRAINT "referral_outcome_check" CHECK ("outcome" in ('complaint-filed', 'investigation', 'prosecution', 'conviction', 'acquittal', 'dropped', 'mediation', 'unknown')),
	CONSTRAINT "referral_agreed_via_check" CHECK ("reporter_agreed_via" in ('thread', 'phone', 'in-person')),
	CONSTRAINT "referral_revision_check" CHECK ("revision" >= 1),
	CONSTRAINT "referral_agreement_pair" CHECK (("reporter_agreed_on" is null) = ("reporter_agreed_via" is null)),
	CONSTRAINT "referral_reference_length" CHECK ("reference" is null or char_length("reference") between 1 and 1000),
	CONSTRAINT "referral_answer_check" CHECK (("status" = 'sent') = ("first_answer_at" is null)),
	CONSTRAINT "referral_closed_check" CHECK (("status" = 'closed') = ("closed_at" is not null)),
	CONSTRAINT "referral_outcome_pair" CHECK (("outcome" is null) = ("outcome_at" is null)),
	CONSTRAINT "referral_outcome_answered" CHECK ("outcome" is null or "status" <> 'sent')
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_subject_type_check";--> statement-breakpoint
ALTER TABLE "report_disclosure" ADD CONSTRAINT "report_disclosure_pack_unique" UNIQUE("report_id","pack_id");--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_referred_by_staff_user_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_pack_fk" FOREIGN KEY ("report_id","pack_id") REFERENCES "public"."report_disclosure"("report_id","pack_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_report_idx" ON "referral" USING btree ("report_id","sent_at");--> statement-breakpoint
CREATE INDEX "referral_partner_idx" ON "referral" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "referral_unanswered_idx" ON "referral" USING btree ("sent_at") WHERE status = 'sent';--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.opened', 'report.file-opened', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'partner.created', 'partner.changed', 'partner.disabled', 'partner.enabled', 'report.referred', 'report.referral-updated', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed', 'report.consent-withdrawn', 'report.erasure-requested', 'report.erasure-answered'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subject_type_check" CHECK ("subject_type" in ('staff', 'report', 'message', 'content', 'storage', 'tag', 'partner'));