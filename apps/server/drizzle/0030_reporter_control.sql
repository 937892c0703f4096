CREATE TABLE "report_disclosure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"identity_included" boolean NOT NULL,
	"pack_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_disclosure_kind_check" CHECK ("kind" in ('evidence-pack', 'referral')),
	CONSTRAINT "report_disclosure_recipient_check" CHECK ("recipient" in ('police', 'unia', 'partner')),
	CONSTRAINT "report_disclosure_pack_check" CHECK (("kind" = 'evidence-pack') = ("pack_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reporter_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"outcome" text,
	"refusal_reason" text,
	CONSTRAINT "reporter_request_one_per_kind" UNIQUE("report_id","kind"),
	CONSTRAINT "reporter_request_kind_check" CHECK ("kind" in ('withdraw-consent', 'erasure')),
	CONSTRAINT "reporter_request_outcome_check" CHECK ("outcome" in ('erased', 'refused')),
	CONSTRAINT "reporter_request_reason_check" CHECK ("refusal_reason" in ('legal-hold', 'legal-obligation')),
	CONSTRAINT "reporter_request_answer_check" CHECK (("kind" = 'erasure' or "answered_at" is null)
         and (("answered_at" is null) = ("outcome" is null))
         and ("answered_at" is not null or "answered_by" is null)
         and (coalesce("outcome" = 'refused', false) = ("refusal_reason" is not null)))
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_actor_kind_check";--> statement-breakpoint
ALTER TABLE "report_erasure" DROP CONSTRAINT "report_erasure_via_check";--> statement-breakpoint
ALTER TABLE "report_erasure" ALTER COLUMN "outcome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_erasure" ALTER COLUMN "period_months" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_disclosure" ADD CONSTRAINT "report_disclosure_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_request" ADD CONSTRAINT "reporter_request_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reporter_request" ADD CONSTRAINT "reporter_request_answered_by_staff_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_disclosure_report_idx" ON "report_disclosure" USING btree ("report_id","occurred_at");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("kind" in ('newReport', 'newMessage', 'followUpReply', 'urgentReport', 'reportAssigned', 'dailyDigest', 'reporterRequest'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed', 'report.consent-withdrawn', 'report.erasure-requested', 'report.erasure-answered'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_kind_check" CHECK ("actor_kind" in ('member', 'command-line', 'job', 'visitor', 'migration', 'reporter'));--> statement-breakpoint
ALTER TABLE "report_erasure" ADD CONSTRAINT "report_erasure_due_check" CHECK (("via" = 'retention') = ("outcome" is not null and "period_months" is not null));--> statement-breakpoint
ALTER TABLE "report_erasure" ADD CONSTRAINT "report_erasure_via_check" CHECK ("via" in ('retention', 'request'));
--> statement-breakpoint
-- Decision 0046: the evidence packs produced before this release, from their audit rows, so the
-- reporter sees every time their report left the organisation, not only those from now on.
INSERT INTO "report_disclosure" ("report_id", "kind", "recipient", "identity_included", "pack_id", "occurred_at")
SELECT e."subject_id"::uuid, 'evidence-pack', e."details"->>'recipient',
       coalesce((e."details"->>'identityIncluded')::boolean, false), (e."details"->>'packId')::uuid, e."occurred_at"
  FROM "audit_event" e
  JOIN "report" r ON r."id"::text = e."subject_id"
 WHERE e."action" = 'report.evidence-pack-produced'
   AND e."details"->>'recipient' IN ('police', 'unia')
   AND e."details"->>'packId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
