CREATE TABLE "report_support" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"safety_plan" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_support_revision_check" CHECK ("revision" >= 1),
	CONSTRAINT "report_support_plan_length" CHECK ("safety_plan" is null or char_length("safety_plan") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "support_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"message_id" uuid,
	"asked_at" timestamp with time zone NOT NULL,
	"rating" smallint,
	"words" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "support_feedback_rating_check" CHECK ("rating" between 1 and 5),
	CONSTRAINT "support_feedback_answer_pair" CHECK (("rating" is null) = ("answered_at" is null)),
	CONSTRAINT "support_feedback_words_answered" CHECK ("words" is null or "rating" is not null),
	CONSTRAINT "support_feedback_words_length" CHECK ("words" is null or char_length("words") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "support_need" (
	"report_id" uuid NOT NULL,
	"need" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_need_pk" PRIMARY KEY("report_id","need"),
	CONSTRAINT "support_need_need_check" CHECK ("need" in ('safety-advice', 'legal', 'psychological', 'complaint-help', 'practical'))
);
--> statement-breakpoint
CREATE TABLE "support_service" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"need" text NOT NULL,
	"description" text,
	"provider" text NOT NULL,
	"provider_staff_id" text,
	"partner_id" uuid,
	"given_on" date NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_service_need_check" CHECK ("need" in ('safety-advice', 'legal', 'psychological', 'complaint-help', 'practical')),
	CONSTRAINT "support_service_provider_check" CHECK ("provider" in ('staff', 'partner')),
	CONSTRAINT "support_service_staff_pair" CHECK (("provider" = 'staff') = ("provider_staff_id" is not null)),
	CONSTRAINT "support_service_partner_pair" CHECK (("provider" = 'partner') = ("partner_id" is not null)),
	CONSTRAINT "support_service_description_length" CHECK ("description" is null or char_length("description") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "report_support" ADD CONSTRAINT "report_support_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_support" ADD CONSTRAINT "report_support_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_feedback" ADD CONSTRAINT "support_feedback_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_feedback" ADD CONSTRAINT "support_feedback_message_id_report_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."report_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_need" ADD CONSTRAINT "support_need_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_service" ADD CONSTRAINT "support_service_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_service" ADD CONSTRAINT "support_service_provider_staff_id_staff_user_id_fk" FOREIGN KEY ("provider_staff_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_service" ADD CONSTRAINT "support_service_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_service" ADD CONSTRAINT "support_service_recorded_by_staff_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_service" ADD CONSTRAINT "support_service_need_fk" FOREIGN KEY ("report_id","need") REFERENCES "public"."support_need"("report_id","need") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_support_report_unique" ON "report_support" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_feedback_report_unique" ON "support_feedback" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_feedback_message_unique" ON "support_feedback" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "support_feedback_answered_idx" ON "support_feedback" USING btree ("answered_at") WHERE answered_at is not null;--> statement-breakpoint
CREATE INDEX "support_need_recorded_idx" ON "support_need" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "support_service_report_idx" ON "support_service" USING btree ("report_id","given_on");--> statement-breakpoint
CREATE INDEX "support_service_given_idx" ON "support_service" USING btree ("given_on");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.opened', 'report.file-opened', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.recorded', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'partner.created', 'partner.changed', 'partner.disabled', 'partner.enabled', 'report.referred', 'report.referral-updated', 'report.support-needs-changed', 'report.support-service-added', 'report.safety-plan-changed', 'report.support-question-asked', 'report.support-answered', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed', 'report.consent-withdrawn', 'report.erasure-requested', 'report.erasure-answered', 'early-warning.acknowledged'));