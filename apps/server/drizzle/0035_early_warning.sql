CREATE TABLE "early_warning" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule" text NOT NULL,
	"subject_key" text NOT NULL,
	"municipality" text,
	"incident_type" text,
	"category" text,
	"tag_id" uuid,
	"url_hash" text,
	"incident_count" integer NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"outbox_id" uuid,
	"acknowledged_count" integer DEFAULT 0 NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "early_warning_rule_check" CHECK ("rule" in ('place-type', 'place-category', 'online-address', 'tag')),
	CONSTRAINT "early_warning_incident_type_check" CHECK ("incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other')),
	CONSTRAINT "early_warning_category_check" CHECK ("category" in ('extreme_violence', 'assault', 'damage_desecration', 'threats', 'abusive_behaviour', 'literature')),
	CONSTRAINT "early_warning_url_hash_check" CHECK ("url_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "early_warning_subject_key_length" CHECK (char_length("subject_key") between 1 and 300),
	CONSTRAINT "early_warning_municipality_length" CHECK (char_length("municipality") between 1 and 80),
	CONSTRAINT "early_warning_subject_check" CHECK (("municipality" is not null) = ("rule" in ('place-type', 'place-category')) and ("incident_type" is not null) = ("rule" = 'place-type') and ("category" is not null) = ("rule" = 'place-category') and ("url_hash" is not null) = ("rule" = 'online-address') and ("tag_id" is not null) = ("rule" = 'tag')),
	CONSTRAINT "early_warning_count_check" CHECK ("incident_count" >= 0 and "acknowledged_count" >= 0),
	CONSTRAINT "early_warning_dates_check" CHECK ("first_date" <= "last_date"),
	CONSTRAINT "early_warning_acknowledged_check" CHECK (("acknowledged_at" is null) = ("acknowledged_by" is null) and ("acknowledged_at" is null) = ("acknowledged_count" = 0))
);
--> statement-breakpoint
CREATE TABLE "early_warning_incident" (
	"warning_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	CONSTRAINT "early_warning_incident_pkey" PRIMARY KEY("warning_id","incident_id")
);
--> statement-breakpoint
ALTER TABLE "alert" DROP CONSTRAINT "alert_subject_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "scheduled_job" DROP CONSTRAINT "scheduled_job_name_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_subject_type_check";--> statement-breakpoint
ALTER TABLE "early_warning" ADD CONSTRAINT "early_warning_tag_id_incident_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."incident_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_warning" ADD CONSTRAINT "early_warning_outbox_id_notification_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."notification_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_warning" ADD CONSTRAINT "early_warning_acknowledged_by_staff_user_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_warning_incident" ADD CONSTRAINT "early_warning_incident_warning_id_early_warning_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."early_warning"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_warning_incident" ADD CONSTRAINT "early_warning_incident_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "early_warning_open_idx" ON "early_warning" USING btree ("rule","subject_key") WHERE closed_at is null;--> statement-breakpoint
CREATE INDEX "early_warning_outbox_idx" ON "early_warning" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "early_warning_incident_incident_idx" ON "early_warning_incident" USING btree ("incident_id");--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_subject_check" CHECK ("subject" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup', 'digest', 'early-warning'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("kind" in ('newReport', 'newMessage', 'followUpReply', 'urgentReport', 'reportAssigned', 'dailyDigest', 'reporterRequest', 'earlyWarning'));--> statement-breakpoint
ALTER TABLE "scheduled_job" ADD CONSTRAINT "scheduled_job_name_check" CHECK ("name" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup', 'digest', 'early-warning'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.opened', 'report.file-opened', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.recorded', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'partner.created', 'partner.changed', 'partner.disabled', 'partner.enabled', 'report.referred', 'report.referral-updated', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed', 'report.consent-withdrawn', 'report.erasure-requested', 'report.erasure-answered', 'early-warning.acknowledged'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subject_type_check" CHECK ("subject_type" in ('staff', 'report', 'message', 'content', 'storage', 'tag', 'partner', 'early-warning'));