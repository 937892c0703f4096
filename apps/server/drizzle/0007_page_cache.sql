CREATE TABLE "site_revision" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_revision" ADD CONSTRAINT "site_revision_single_row" CHECK ("id" = 1);
--> statement-breakpoint
INSERT INTO "site_revision" ("id", "value") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_site_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "content_version_changes_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
--> statement-breakpoint
CREATE TRIGGER "public_incident_changes_site" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "public_incident"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
--> statement-breakpoint
CREATE TRIGGER "report_changes_site" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF "status", "is_quarantined", "rejection_reason", "incident_date" ON "report"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
