-- Decision 0044: the staff's classification of an incident (category, manifestations, target, how the
-- organisation knows, type of place, tags from a list admins keep), closed sets held by CHECKs.
-- Incidents verified before this migration have no category: they keep counting as they did (the
-- rule "verified only with a category" applies to each verification from now on), and the reports
-- list finds them with the filter "category: not classified" for staff to classify.
CREATE TABLE "incident_tag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"disabled_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_tag_revision_check" CHECK ("revision" >= 1),
	CONSTRAINT "incident_tag_names_check" CHECK (jsonb_typeof("names") = 'object' and coalesce(char_length("names" ->> 'en'), 0) between 1 and 60 and coalesce(char_length("names" ->> 'fr'), 0) between 1 and 60 and coalesce(char_length("names" ->> 'nl'), 0) between 1 and 60 and coalesce(char_length("names" ->> 'he'), 0) between 1 and 60 and coalesce(char_length("names" ->> 'yi'), 0) between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "incident_tag_link" (
	"incident_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "incident_tag_link_incident_id_tag_id_pk" PRIMARY KEY("incident_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_subject_type_check";--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "manifestations" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "known_through" text;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "place_type" text;--> statement-breakpoint
ALTER TABLE "incident_tag_link" ADD CONSTRAINT "incident_tag_link_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_tag_link" ADD CONSTRAINT "incident_tag_link_tag_id_incident_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."incident_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_tag_link_tag_idx" ON "incident_tag_link" USING btree ("tag_id");--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_category_check" CHECK ("category" in ('extreme_violence', 'assault', 'damage_desecration', 'threats', 'abusive_behaviour', 'literature'));--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_manifestations_check" CHECK ("manifestations" <@ array['religious', 'modern', 'post_shoah', 'israel_related', 'othering']::text[]);--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_manifestations_classified" CHECK ("category" is null or cardinality("manifestations") >= 1);--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_target_check" CHECK ("target" in ('person', 'people', 'institution', 'property', 'online_community'));--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_known_through_check" CHECK ("known_through" in ('victim', 'witness', 'third_party', 'own_monitoring'));--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_place_type_check" CHECK ("place_type" in ('public_space', 'public_transport', 'education', 'workplace', 'home', 'jewish_institution', 'online', 'other'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.suggestion-dismissed', 'incident.classified', 'tag.created', 'tag.renamed', 'tag.disabled', 'tag.enabled', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'report.legal-hold-set', 'report.legal-hold-reviewed', 'report.legal-hold-lifted', 'message.erased', 'storage.orphans-removed'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subject_type_check" CHECK ("subject_type" in ('staff', 'report', 'message', 'content', 'storage', 'tag'));