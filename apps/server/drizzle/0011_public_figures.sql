CREATE INDEX "report_verified_figures_idx" ON "report" USING btree ("incident_date","province","incident_type") WHERE "is_quarantined" = false and ("status" = 'verified' or ("status" = 'closed' and "rejection_reason" is null));
--> statement-breakpoint
-- The public figures count verified incidents by province and type (decision 0022): a change of
-- either must renew the cached pages and files, as a change of status or date already does.
DROP TRIGGER "report_changes_site" ON "report";
--> statement-breakpoint
CREATE TRIGGER "report_changes_site" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "status", "is_quarantined", "rejection_reason", "incident_date", "province", "incident_type" ON "report"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
