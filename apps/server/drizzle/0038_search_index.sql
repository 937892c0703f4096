CREATE TABLE "report_search_state" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"key_id" smallint NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_search_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text NOT NULL,
	"terms" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_search_token" (
	"report_id" uuid NOT NULL,
	"key_id" smallint NOT NULL,
	"token" bigint NOT NULL,
	CONSTRAINT "report_search_token_pk" PRIMARY KEY("key_id","token","report_id")
);
--> statement-breakpoint
CREATE TABLE "saved_report_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_report_view_name_length" CHECK (char_length("name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "report_search_state" ADD CONSTRAINT "report_search_state_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_search_terms" ADD CONSTRAINT "report_search_terms_actor_id_staff_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_search_token" ADD CONSTRAINT "report_search_token_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_report_view" ADD CONSTRAINT "saved_report_view_member_id_staff_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_search_state_key_idx" ON "report_search_state" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "report_search_token_report_idx" ON "report_search_token" USING btree ("report_id","key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_report_view_member_name_unique" ON "saved_report_view" USING btree ("member_id","name");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.opened', 'report.file-opened', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.recorded', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'partner.created', 'partner.changed', 'partner.disabled', 'partner.enabled', 'report.referred', 'report.referral-updated', 'report.support-needs-changed', 'report.support-service-added', 'report.safety-plan-changed', 'report.support-question-asked', 'report.support-answered', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed', 'report.consent-withdrawn', 'report.erasure-requested', 'report.erasure-answered', 'early-warning.acknowledged', 'report.searched', 'view.saved', 'view.deleted'));