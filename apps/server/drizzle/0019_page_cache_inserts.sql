-- Security review 2026-11-26, finding 6: every new report, quarantined ones too, renewed the site
-- revision and so emptied the whole public page cache, though a new report changes no public count
-- (the figures count verified incidents only). An insert now renews the pages only when a row it
-- inserts is public already (as a restore or a record made by staff may be); deletes and the
-- changes that move a report into or out of the figures renew them as before.
DROP TRIGGER "report_changes_site" ON "report";
--> statement-breakpoint
CREATE TRIGGER "report_changes_site" AFTER DELETE OR TRUNCATE
  OR UPDATE OF "status", "is_quarantined", "rejection_reason", "incident_date", "province", "incident_type" ON "report"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
--> statement-breakpoint
CREATE FUNCTION "bump_site_revision_for_public_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "inserted_reports"
    WHERE NOT "is_quarantined" AND ("status" = 'verified' OR ("status" = 'closed' AND "rejection_reason" IS NULL))
  ) THEN
    UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_inserts_change_site" AFTER INSERT ON "report"
  REFERENCING NEW TABLE AS "inserted_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision_for_public_reports"();
