-- Decision 0016. Before any constraint is added, every rule below is checked against the rows
-- already stored. If a row breaks one, the migration stops here with a message naming the table,
-- the column, the constraint, the number of rows and the first ids and values; the migrations run
-- in one transaction, so nothing is changed. Correct or delete those rows, then start again.
-- Each rule is the condition a row must meet (a null result passes, as in a CHECK).
DO $validate$
DECLARE
  rule record;
  broken bigint;
  ids text;
  shown text;
  problems text[] := '{}';
BEGIN
  FOR rule IN
    SELECT * FROM (VALUES
      -- Values required from now on
      ('content_version', 'id', 'created_by', 'NOT NULL', $r$"created_by" is not null$r$, 'without an author', $r$quote_nullable("created_by")$r$),
      ('public_incident', 'report_id', 'published_by', 'NOT NULL', $r$"published_by" is not null$r$, 'without a publisher', $r$quote_nullable("published_by")$r$),
      ('report_note', 'id', 'author_id', 'NOT NULL', $r$"author_id" is not null$r$, 'without an author', $r$quote_nullable("author_id")$r$),
      ('report_status_change', 'id', 'actor_id', 'NOT NULL', $r$"actor_id" is not null$r$, 'without an actor', $r$quote_nullable("actor_id")$r$),
      -- References
      ('report', 'id', 'duplicate_of', 'report_duplicate_of_report_id_fk', $r$"duplicate_of" is null or exists (select 1 from "report" o where o."id" = t."duplicate_of")$r$, 'naming a report that does not exist', $r$quote_nullable("duplicate_of")$r$),
      ('report', 'id', 'assigned_to', 'report_assigned_to_staff_user_id_fk', $r$"assigned_to" is null or exists (select 1 from "staff_user" s where s."id" = t."assigned_to")$r$, 'naming a staff member who does not exist', $r$quote_nullable("assigned_to")$r$),
      ('report_message', 'id', 'staff_id', 'report_message_staff_id_staff_user_id_fk', $r$"staff_id" is null or exists (select 1 from "staff_user" s where s."id" = t."staff_id")$r$, 'naming a staff member who does not exist', $r$quote_nullable("staff_id")$r$),
      ('staff_session', 'id', 'impersonated_by', 'staff_session_impersonated_by_staff_user_id_fk', $r$"impersonated_by" is null or exists (select 1 from "staff_user" s where s."id" = t."impersonated_by")$r$, 'naming a staff member who does not exist', $r$quote_nullable("impersonated_by")$r$),
      -- Closed sets
      ('report', 'id', 'status', 'report_status_check', $r$"status" in ('new', 'in_review', 'verified', 'rejected', 'closed')$r$, 'with a value outside (new, in_review, verified, rejected, closed)', $r$quote_nullable("status")$r$),
      ('report', 'id', 'language', 'report_language_check', $r$"language" in ('en', 'fr', 'nl', 'he', 'yi')$r$, 'with a value outside (en, fr, nl, he, yi)', $r$quote_nullable("language")$r$),
      ('report', 'id', 'incident_type', 'report_incident_type_check', $r$"incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other')$r$, 'with a value outside (verbal, physical, online, letter, harassment, provocation, other)', $r$quote_nullable("incident_type")$r$),
      ('report', 'id', 'rejection_reason', 'report_rejection_reason_check', $r$"rejection_reason" in ('not_antisemitic', 'duplicate', 'spam', 'other')$r$, 'with a value outside (not_antisemitic, duplicate, spam, other)', $r$quote_nullable("rejection_reason")$r$),
      ('report', 'id', 'province', 'report_province_check', $r$"province" in ('antwerp', 'east_flanders', 'flemish_brabant', 'limburg', 'west_flanders', 'brussels', 'elsewhere_in_belgium')$r$, 'with a value outside (antwerp, east_flanders, flemish_brabant, limburg, west_flanders, brussels, elsewhere_in_belgium)', $r$quote_nullable("province")$r$),
      ('contact_message', 'id', 'status', 'contact_message_status_check', $r$"status" in ('new', 'read', 'archived')$r$, 'with a value outside (new, read, archived)', $r$quote_nullable("status")$r$),
      ('contact_message', 'id', 'language', 'contact_message_language_check', $r$"language" in ('en', 'fr', 'nl', 'he', 'yi')$r$, 'with a value outside (en, fr, nl, he, yi)', $r$quote_nullable("language")$r$),
      ('notification_outbox', 'id', 'kind', 'notification_outbox_kind_check', $r$"kind" in ('newReport', 'newMessage', 'followUpReply')$r$, 'with a value outside (newReport, newMessage, followUpReply)', $r$quote_nullable("kind")$r$),
      ('report_message', 'id', 'author', 'report_message_author_check', $r$"author" in ('reporter', 'staff', 'system')$r$, 'with a value outside (reporter, staff, system)', $r$quote_nullable("author")$r$),
      ('report_status_change', 'id', 'from_status', 'report_status_change_from_status_check', $r$"from_status" in ('new', 'in_review', 'verified', 'rejected', 'closed')$r$, 'with a value outside (new, in_review, verified, rejected, closed)', $r$quote_nullable("from_status")$r$),
      ('report_status_change', 'id', 'to_status', 'report_status_change_to_status_check', $r$"to_status" in ('new', 'in_review', 'verified', 'rejected', 'closed')$r$, 'with a value outside (new, in_review, verified, rejected, closed)', $r$quote_nullable("to_status")$r$),
      ('report_status_change', 'id', 'reason', 'report_status_change_reason_check', $r$"reason" in ('not_antisemitic', 'duplicate', 'spam', 'other')$r$, 'with a value outside (not_antisemitic, duplicate, spam, other)', $r$quote_nullable("reason")$r$),
      ('public_incident', 'report_id', 'incident_type', 'public_incident_incident_type_check', $r$"incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other')$r$, 'with a value outside (verbal, physical, online, letter, harassment, provocation, other)', $r$quote_nullable("incident_type")$r$),
      ('public_incident', 'report_id', 'province', 'public_incident_province_check', $r$"province" in ('antwerp', 'east_flanders', 'flemish_brabant', 'limburg', 'west_flanders', 'brussels', 'elsewhere_in_belgium')$r$, 'with a value outside (antwerp, east_flanders, flemish_brabant, limburg, west_flanders, brussels, elsewhere_in_belgium)', $r$quote_nullable("province")$r$),
      ('public_incident', 'report_id', 'original_language', 'public_incident_original_language_check', $r$"original_language" in ('en', 'fr', 'nl', 'he', 'yi')$r$, 'with a value outside (en, fr, nl, he, yi)', $r$quote_nullable("original_language")$r$),
      ('content_version', 'id', 'key', 'content_version_key_check', $r$"key" in ('announcement', 'emergencyNotice', 'aboutUs', 'ourServices', 'getInvolved', 'howYouCanHelp', 'privacy', 'termsOfUse', 'emergencyNumbers')$r$, 'with a value outside (announcement, emergencyNotice, aboutUs, ourServices, getInvolved, howYouCanHelp, privacy, termsOfUse, emergencyNumbers)', $r$quote_nullable("key")$r$),
      ('content_version', 'id', 'language', 'content_version_language_check', $r$"language" in ('en', 'fr', 'nl', 'he', 'yi', 'all')$r$, 'with a value outside (en, fr, nl, he, yi, all)', $r$quote_nullable("language")$r$),
      ('staff_user', 'id', 'role', 'staff_user_role_check', $r$"role" in ('admin', 'coordinator', 'viewer')$r$, 'with a value outside (admin, coordinator, viewer)', $r$quote_nullable("role")$r$),
      ('audit_event', 'id', 'action', 'audit_event_action_check', $r$"action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'message.erased', 'storage.orphans-removed')$r$, 'with an action the site does not know (AUDIT_ACTIONS in packages/core/src/staff.ts)', $r$quote_nullable("action")$r$),
      ('audit_event', 'id', 'subject_type', 'audit_event_subject_type_check', $r$"subject_type" in ('staff', 'report', 'message', 'content', 'storage')$r$, 'with a value outside (staff, report, message, content, storage)', $r$quote_nullable("subject_type")$r$),
      -- Rules within a row
      ('report', 'id', 'status, rejection_reason', 'report_rejected_has_reason', $r$"status" <> 'rejected' or "rejection_reason" is not null$r$, 'rejected without a rejection reason', $r$format('status %s, rejection_reason %s', quote_nullable("status"), quote_nullable("rejection_reason"))$r$),
      ('report', 'id', 'rejection_reason, status', 'report_reason_only_when_decided', $r$"rejection_reason" is null or "status" in ('rejected', 'closed')$r$, 'with a rejection reason while neither rejected nor closed', $r$format('status %s, rejection_reason %s', quote_nullable("status"), quote_nullable("rejection_reason"))$r$),
      ('report', 'id', 'duplicate_of, rejection_reason', 'report_duplicate_of_only_for_duplicates', $r$("rejection_reason" is not distinct from 'duplicate') = ("duplicate_of" is not null)$r$, 'where duplicate_of is set without the reason duplicate, or the reason duplicate has no duplicate_of', $r$format('rejection_reason %s, duplicate_of %s', quote_nullable("rejection_reason"), quote_nullable("duplicate_of"))$r$),
      ('report', 'id', 'duplicate_of', 'report_not_duplicate_of_itself', $r$"duplicate_of" <> "id"$r$, 'marked as a duplicate of itself', $r$quote_nullable("duplicate_of")$r$),
      ('report', 'id', 'municipality, province', 'report_place_complete', $r$("municipality" is null) = ("province" is null)$r$, 'with only one of municipality and province', $r$format('municipality %s, province %s', quote_nullable("municipality"), quote_nullable("province"))$r$),
      ('report', 'id', 'municipality', 'report_municipality_length', $r$char_length("municipality") between 1 and 80$r$, 'with a municipality that is empty or longer than 80 characters', $r$quote_nullable("municipality")$r$),
      ('report', 'id', 'personal_data', 'report_anonymous_without_personal_data', $r$not "is_anonymous" or "personal_data" is null$r$, 'anonymous yet holding personal data', $r$'(sealed)'$r$),
      ('report_attachment', 'id', 'size', 'report_attachment_size_check', $r$"size" >= 0$r$, 'with a negative size', $r$quote_nullable("size")$r$),
      ('report_attachment', 'id', 'metageneration', 'report_attachment_metageneration_check', $r$"metageneration" >= 1$r$, 'with a metageneration below 1', $r$quote_nullable("metageneration")$r$),
      ('report_message', 'id', 'staff_id, author', 'report_message_staff_id_for_staff', $r$("author" = 'staff') = ("staff_id" is not null)$r$, 'where a staff message has no staff_id, or another message has one', $r$format('author %s, staff_id %s', quote_nullable("author"), quote_nullable("staff_id"))$r$),
      ('report_message', 'id', 'body, author', 'report_message_body_check', $r$"author" = 'system' or "body" is not null$r$, 'from a reporter or staff without a body', $r$quote_nullable("author")$r$),
      ('notification_outbox', 'id', 'attempts', 'notification_outbox_attempts_check', $r$"attempts" >= 0$r$, 'with a negative number of attempts', $r$quote_nullable("attempts")$r$),
      ('audit_event', 'id', 'subject_id, subject_type', 'audit_event_subject_id_has_type', $r$"subject_id" is null or "subject_type" is not null$r$, 'with a subject_id but no subject_type', $r$quote_nullable("subject_id")$r$),
      ('staff_two_factor', 'id', 'failed_verification_count', 'staff_two_factor_failed_count_check', $r$"failed_verification_count" >= 0$r$, 'with a negative count of failed codes', $r$quote_nullable("failed_verification_count")$r$),
      ('content_version', 'id', 'key, language', 'content_version_numbers_for_all_languages', $r$("key" = 'emergencyNumbers') = ("language" = 'all')$r$, 'where the emergency numbers are not for all languages, or a text is for all', $r$format('key %s, language %s', quote_nullable("key"), quote_nullable("language"))$r$),
      ('public_incident', 'report_id', 'municipality', 'public_incident_municipality_length', $r$char_length("municipality") between 1 and 80$r$, 'with a municipality that is empty or longer than 80 characters', $r$quote_nullable("municipality")$r$),
      ('public_incident', 'report_id', 'summaries', 'public_incident_summaries_check', $r$jsonb_typeof("summaries") = 'object' and "summaries" ? "original_language" and ("summaries" - array['en', 'fr', 'nl', 'he', 'yi']::text[]) = '{}'::jsonb$r$, 'whose summaries are not an object of the site''s languages including the original language', $r$format('original_language %s, languages %s', quote_nullable("original_language"), (select string_agg(k, ' ') from jsonb_object_keys(case when jsonb_typeof("summaries") = 'object' then "summaries" else '{}'::jsonb end) k))$r$),
      ('report_status_change', 'id', 'reason, to_status', 'report_status_change_reason_only_when_rejected', $r$"reason" is null or "to_status" = 'rejected'$r$, 'with a reason on a change to anything but rejected', $r$format('to_status %s, reason %s', quote_nullable("to_status"), quote_nullable("reason"))$r$),
      ('report_status_change', 'id', 'from_status, to_status', 'report_status_change_is_a_change', $r$"from_status" <> "to_status"$r$, 'from a status to the same status', $r$quote_nullable("to_status")$r$)
    ) AS rules (table_name, key_column, column_names, constraint_name, must_hold, problem, shown_value)
  LOOP
    EXECUTE format(
      'SELECT count(*), string_agg(k, '', '' ORDER BY k) FILTER (WHERE n <= 5), string_agg(DISTINCT v, '', '') FILTER (WHERE n <= 5)
         FROM (SELECT t.%I::text AS k, %s AS v, row_number() OVER (ORDER BY t.%I::text) AS n
                 FROM %I AS t WHERE NOT (%s)) AS broken',
      rule.key_column, rule.shown_value, rule.key_column, rule.table_name, rule.must_hold
    ) INTO broken, ids, shown;
    IF broken > 0 THEN
      problems := problems || format(
        '%s.%s (%s): %s %s %s: %s %s%s (values %s)',
        rule.table_name, rule.column_names, rule.constraint_name, broken,
        CASE WHEN broken = 1 THEN 'row' ELSE 'rows' END, rule.problem,
        CASE WHEN rule.key_column = 'id' THEN 'ids' ELSE rule.key_column END,
        ids, CASE WHEN broken > 5 THEN ', …' ELSE '' END, coalesce(shown, 'null')
      );
    END IF;
  END LOOP;
  IF cardinality(problems) > 0 THEN
    RAISE EXCEPTION USING
      MESSAGE = format(
        E'Migration 0009_database_constraints refused: %s of its rules would be broken by rows already stored. Nothing was changed.\n%s',
        cardinality(problems), array_to_string(problems, E'\n')
      ),
      HINT = 'Correct or delete the rows named above (their ids are the tables'' primary keys), then start the site again: the migration checks again before it changes anything. See docs/decisions/0016-database-constraints.md.';
  END IF;
END
$validate$;
--> statement-breakpoint
ALTER TABLE "content_version" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "public_incident" ALTER COLUMN "published_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_note" ALTER COLUMN "author_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_status_change" ALTER COLUMN "actor_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_duplicate_of_report_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."report"("id") ON DELETE no action ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_assigned_to_staff_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_message" ADD CONSTRAINT "report_message_staff_id_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_impersonated_by_staff_user_id_fk" FOREIGN KEY ("impersonated_by") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_status_check" CHECK ("status" in ('new', 'read', 'archived'));--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_language_check" CHECK ("language" in ('en', 'fr', 'nl', 'he', 'yi'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("kind" in ('newReport', 'newMessage', 'followUpReply'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_attempts_check" CHECK ("attempts" >= 0);--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_status_check" CHECK ("status" in ('new', 'in_review', 'verified', 'rejected', 'closed'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_language_check" CHECK ("language" in ('en', 'fr', 'nl', 'he', 'yi'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_incident_type_check" CHECK ("incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_rejection_reason_check" CHECK ("rejection_reason" in ('not_antisemitic', 'duplicate', 'spam', 'other'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_province_check" CHECK ("province" in ('antwerp', 'east_flanders', 'flemish_brabant', 'limburg', 'west_flanders', 'brussels', 'elsewhere_in_belgium'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_rejected_has_reason" CHECK ("status" <> 'rejected' or "rejection_reason" is not null);--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reason_only_when_decided" CHECK ("rejection_reason" is null or "status" in ('rejected', 'closed'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_duplicate_of_only_for_duplicates" CHECK (("rejection_reason" is not distinct from 'duplicate') = ("duplicate_of" is not null));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_not_duplicate_of_itself" CHECK ("duplicate_of" <> "id");--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_place_complete" CHECK (("municipality" is null) = ("province" is null));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_municipality_length" CHECK (char_length("municipality") between 1 and 80);--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_anonymous_without_personal_data" CHECK (not "is_anonymous" or "personal_data" is null);--> statement-breakpoint
ALTER TABLE "report_attachment" ADD CONSTRAINT "report_attachment_size_check" CHECK ("size" >= 0);--> statement-breakpoint
ALTER TABLE "report_attachment" ADD CONSTRAINT "report_attachment_metageneration_check" CHECK ("metageneration" >= 1);--> statement-breakpoint
ALTER TABLE "report_message" ADD CONSTRAINT "report_message_author_check" CHECK ("author" in ('reporter', 'staff', 'system'));--> statement-breakpoint
ALTER TABLE "report_message" ADD CONSTRAINT "report_message_staff_id_for_staff" CHECK (("author" = 'staff') = ("staff_id" is not null));--> statement-breakpoint
ALTER TABLE "report_message" ADD CONSTRAINT "report_message_body_check" CHECK ("author" = 'system' or "body" is not null);--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'message.erased', 'storage.orphans-removed'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subject_type_check" CHECK ("subject_type" in ('staff', 'report', 'message', 'content', 'storage'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subject_id_has_type" CHECK ("subject_id" is null or "subject_type" is not null);--> statement-breakpoint
ALTER TABLE "staff_two_factor" ADD CONSTRAINT "staff_two_factor_failed_count_check" CHECK ("failed_verification_count" >= 0);--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_role_check" CHECK ("role" in ('admin', 'coordinator', 'viewer'));--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_key_check" CHECK ("key" in ('announcement', 'emergencyNotice', 'aboutUs', 'ourServices', 'getInvolved', 'howYouCanHelp', 'privacy', 'termsOfUse', 'emergencyNumbers'));--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_language_check" CHECK ("language" in ('en', 'fr', 'nl', 'he', 'yi', 'all'));--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_numbers_for_all_languages" CHECK (("key" = 'emergencyNumbers') = ("language" = 'all'));--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_incident_type_check" CHECK ("incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other'));--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_province_check" CHECK ("province" in ('antwerp', 'east_flanders', 'flemish_brabant', 'limburg', 'west_flanders', 'brussels', 'elsewhere_in_belgium'));--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_original_language_check" CHECK ("original_language" in ('en', 'fr', 'nl', 'he', 'yi'));--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_municipality_length" CHECK (char_length("municipality") between 1 and 80);--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_summaries_check" CHECK (jsonb_typeof("summaries") = 'object' and "summaries" ? "original_language" and ("summaries" - array['en', 'fr', 'nl', 'he', 'yi']::text[]) = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_from_status_check" CHECK ("from_status" in ('new', 'in_review', 'verified', 'rejected', 'closed'));--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_to_status_check" CHECK ("to_status" in ('new', 'in_review', 'verified', 'rejected', 'closed'));--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_reason_check" CHECK ("reason" in ('not_antisemitic', 'duplicate', 'spam', 'other'));--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_reason_only_when_rejected" CHECK ("reason" is null or "to_status" = 'rejected');--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_is_a_change" CHECK ("from_status" <> "to_status");