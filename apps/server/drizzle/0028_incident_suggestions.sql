-- Issue 25, item 2 (decision 0043): suggested links between incidents. The keyed hashes of reports' online
-- addresses (the addresses stay sealed; the maintenance job hashes the reports sent before this migration,
-- in the application, since only it can open them), the dismissed suggestions, and the index of the
-- place-date-type match.
CREATE TABLE "incident_link_dismissal" (
	"incident_a" uuid NOT NULL,
	"incident_b" uuid NOT NULL,
	"dismissed_by" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_link_dismissal_pkey" PRIMARY KEY("incident_a","incident_b"),
	CONSTRAINT "incident_link_dismissal_order" CHECK ("incident_a" < "incident_b")
);
--> statement-breakpoint
CREATE TABLE "report_url_hash" (
	"report_id" uuid NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "report_url_hash_pkey" PRIMARY KEY("report_id","hash"),
	CONSTRAINT "report_url_hash_hash_check" CHECK ("hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "incident_link_dismissal" ADD CONSTRAINT "incident_link_dismissal_incident_a_incident_id_fk" FOREIGN KEY ("incident_a") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_link_dismissal" ADD CONSTRAINT "incident_link_dismissal_incident_b_incident_id_fk" FOREIGN KEY ("incident_b") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_link_dismissal" ADD CONSTRAINT "incident_link_dismissal_dismissed_by_staff_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_url_hash" ADD CONSTRAINT "report_url_hash_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_link_dismissal_b_idx" ON "incident_link_dismissal" USING btree ("incident_b");--> statement-breakpoint
CREATE INDEX "report_url_hash_hash_idx" ON "report_url_hash" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "incident_place_suggestions_idx" ON "incident" USING btree ("incident_type",lower("municipality"),"incident_date");--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.suggestion-dismissed', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed'));