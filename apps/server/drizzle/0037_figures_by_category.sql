-- Decision 0054 (issue 25, item 5): the public figures count incidents by the staff's category too.
-- The partial index of counted incidents carries the category, so that the one grouped pass of the
-- public figures stays an index-only scan.
DROP INDEX "incident_counted_figures_idx";--> statement-breakpoint
CREATE INDEX "incident_counted_figures_idx" ON "incident" USING btree ("incident_date","province","incident_type","category") WHERE "counts";--> statement-breakpoint
-- The site revision (decision 0014) is raised when an incident that counts (before or after) changes
-- what the figures read: whether it counts, its date, type, province and now its category. A
-- classification of a counted incident changes the public figures, so the cached pages and files
-- are renewed in the classifier's transaction. The nested loop stays off (migration 0026).
CREATE OR REPLACE FUNCTION "bump_site_revision_for_counted_incidents"() RETURNS trigger LANGUAGE plpgsql
SET enable_nestloop = off AS $$
DECLARE
  changed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM "new_incidents" WHERE "counts");
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM "old_incidents" WHERE "counts");
  ELSE
    changed := EXISTS (
      SELECT 1 FROM "old_incidents" o JOIN "new_incidents" n ON n."id" = o."id"
       WHERE (o."counts" OR n."counts")
         AND (o."counts", o."incident_date", o."incident_type", o."province", o."category")
             IS DISTINCT FROM (n."counts", n."incident_date", n."incident_type", n."province", n."category")
    );
  END IF;
  IF changed THEN
    UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The pages and files show the categories from now on: the cached ones are renewed once.
UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
