ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";--> statement-breakpoint
-- Decision 0031 (security review finding 5): whether a stored file was cleaned of metadata. Photos
-- have always been re-encoded without metadata as they arrived; PDFs received before this release
-- were stored byte for byte and may still name their author, until `npm run clean-old-pdfs` rewrites
-- them. New rows say it themselves: the column has no default.
ALTER TABLE "report_attachment" ADD COLUMN "metadata_removed" boolean;--> statement-breakpoint
UPDATE "report_attachment" SET "metadata_removed" = ("content_type" <> 'application/pdf');--> statement-breakpoint
ALTER TABLE "report_attachment" ALTER COLUMN "metadata_removed" SET NOT NULL;--> statement-breakpoint
-- A row written without saying comes from before this release: a backup made before it and restored
-- into this version (the restore leaves out the columns its archive lacks). The same rule applies to
-- it. NOT NULL is checked after BEFORE triggers, so the site's own inserts, which always say, are
-- unaffected.
CREATE FUNCTION "report_attachment_metadata_removed_of_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."metadata_removed" IS NULL THEN
    NEW."metadata_removed" := NEW."content_type" <> 'application/pdf';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_attachment_metadata_removed_of_old_rows" BEFORE INSERT ON "report_attachment"
  FOR EACH ROW EXECUTE FUNCTION "report_attachment_metadata_removed_of_old_rows"();
--> statement-breakpoint
-- The new audit action: report.attachment-cleaned (an old PDF cleaned by the command).
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'message.erased', 'storage.orphans-removed'));