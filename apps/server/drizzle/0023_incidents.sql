-- Decision 0037 (issue 25): incidents above reports. An incident is what happened, counted once
-- however many people reported it; each report keeps its reporter, thread, consent and receipt.
-- Every report becomes its own incident, except a report rejected as a duplicate: it joins the
-- incident of the report it repeats (following chains), keeps its status and reason (its case is
-- not lost), and an audit row says so. The place staff recorded moves to the incident, the
-- publication is keyed by the incident, and what counts is kept on the incident by triggers.
--
-- Each report's root: itself, or for a duplicate the end of its chain of duplicates. A chain that
-- loops (A repeats B, B repeats A) ends at the earliest received report of the loop.
CREATE TEMPORARY TABLE "report_root" ("report_id" uuid PRIMARY KEY, "root_id" uuid NOT NULL) ON COMMIT DROP;
--> statement-breakpoint
INSERT INTO "report_root" ("report_id", "root_id")
  SELECT "id", "id" FROM "report" WHERE "duplicate_of" IS NULL;
--> statement-breakpoint
INSERT INTO "report_root" ("report_id", "root_id")
  WITH RECURSIVE "walk"("start", "at", "path") AS (
    SELECT "id", "duplicate_of", ARRAY["id"] FROM "report" WHERE "duplicate_of" IS NOT NULL
    UNION ALL
    SELECT w."start", r."duplicate_of", w."path" || w."at"
      FROM "walk" w JOIN "report" r ON r."id" = w."at"
     WHERE r."duplicate_of" IS NOT NULL AND NOT (w."at" = ANY(w."path"))
  )
  SELECT DISTINCT ON (w."start") w."start",
    CASE WHEN w."at" = ANY(w."path") THEN (
      SELECT m."id" FROM "report" m
       WHERE m."id" = ANY(w."path"[array_position(w."path", w."at"):])
       ORDER BY m."created_at", m."id" LIMIT 1
    ) ELSE w."at" END
  FROM "walk" w
  ORDER BY w."start", array_length(w."path", 1) DESC;
--> statement-breakpoint
-- The one thing the old rules did not forbid and the new ones do: two publications of one
-- incident (two reports of one chain of duplicates published; no operation could do that). The
-- migration stops here, and since the migrations run in one transaction, nothing is changed.
DO $validate$
DECLARE
  clash text;
BEGIN
  SELECT string_agg(format('%s (%s)', x."root_id", reports), '; ') INTO clash FROM (
    SELECT x."root_id", string_agg(p."report_id"::text, ', ') AS reports
      FROM "public_incident" p JOIN "report_root" x ON x."report_id" = p."report_id"
     GROUP BY x."root_id" HAVING count(*) > 1
  ) AS x;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'public_incident: reports of one incident published more than once: %', clash
      USING HINT = 'Unpublish all but one of them with the release before, then start again.';
  END IF;
END;
$validate$;
--> statement-breakpoint
CREATE TABLE "incident" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"incident_date" date NOT NULL,
	"incident_type" text NOT NULL,
	"municipality" text,
	"province" text,
	"counts" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "incident_incident_type_check" CHECK ("incident_type" in ('verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other')),
	CONSTRAINT "incident_province_check" CHECK ("province" in ('antwerp', 'east_flanders', 'flemish_brabant', 'limburg', 'west_flanders', 'brussels', 'elsewhere_in_belgium')),
	CONSTRAINT "incident_place_complete" CHECK (("municipality" is null) = ("province" is null)),
	CONSTRAINT "incident_municipality_length" CHECK (char_length("municipality") between 1 and 80),
	CONSTRAINT "incident_revision_check" CHECK ("revision" >= 1)
);
--> statement-breakpoint
CREATE TEMPORARY TABLE "root_incident" ON COMMIT DROP AS
  SELECT "root_id", gen_random_uuid() AS "incident_id" FROM (SELECT DISTINCT "root_id" FROM "report_root") AS "roots";
--> statement-breakpoint
-- The incident takes its root's date and type, and the place staff recorded on the root (or, if
-- they recorded none there, on the earliest of its duplicates that has one).
INSERT INTO "incident" ("id", "created_at", "incident_date", "incident_type", "municipality", "province")
  SELECT ri."incident_id", root."created_at", root."incident_date", root."incident_type", place."municipality", place."province"
    FROM "root_incident" ri
    JOIN "report" root ON root."id" = ri."root_id"
    LEFT JOIN LATERAL (
      SELECT p."municipality", p."province" FROM "report_root" x JOIN "report" p ON p."id" = x."report_id"
       WHERE x."root_id" = ri."root_id" AND p."municipality" IS NOT NULL
       ORDER BY (p."id" = ri."root_id") DESC, p."created_at", p."id" LIMIT 1
    ) AS place ON true;
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "incident_id" uuid;
--> statement-breakpoint
UPDATE "report" r SET "incident_id" = ri."incident_id"
  FROM "report_root" x JOIN "root_incident" ri ON ri."root_id" = x."root_id"
 WHERE x."report_id" = r."id";
--> statement-breakpoint
ALTER TABLE "report" ALTER COLUMN "incident_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "report_incident_idx" ON "report" USING btree ("incident_id");
--> statement-breakpoint
-- The publication follows its report into the report's incident.
ALTER TABLE "public_incident" DROP CONSTRAINT "public_incident_report_id_report_id_fk";
--> statement-breakpoint
ALTER TABLE "public_incident" ADD COLUMN "incident_id" uuid;
--> statement-breakpoint
UPDATE "public_incident" p SET "incident_id" = r."incident_id" FROM "report" r WHERE r."id" = p."report_id";
--> statement-breakpoint
ALTER TABLE "public_incident" DROP COLUMN "report_id";
--> statement-breakpoint
ALTER TABLE "public_incident" ADD PRIMARY KEY ("incident_id");
--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_incident_id_incident_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incident"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_action_check";
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_actor_kind_check";
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_action_check" CHECK ("action" in ('sign-in.succeeded', 'sign-in.failed', 'sign-in.locked', 'sign-out', 'session.expired', 'two-factor.enrolled', 'two-factor.succeeded', 'two-factor.failed', 'two-factor.recovery-code-used', 'two-factor.reset', 'passkey.registered', 'passkey.renamed', 'passkey.removed', 'password.set', 'password.changed', 'staff.created', 'staff.role-changed', 'staff.disabled', 'staff.enabled', 'staff.password-link-issued', 'access.denied', 'report.personal-data-viewed', 'report.status-changed', 'report.assigned', 'report.reply-sent', 'report.note-added', 'report.reminder-set', 'report.reminder-done', 'report.reminder-removed', 'account.digest-changed', 'message.status-changed', 'message.deleted', 'report.published', 'report.unpublished', 'report.linked', 'report.split', 'report.evidence-pack-produced', 'report.attachment-cleaned', 'content.edited', 'export.downloaded', 'report.personal-data-erased', 'message.erased', 'storage.orphans-removed'));
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_kind_check" CHECK ("actor_kind" in ('member', 'command-line', 'job', 'visitor', 'migration'));
--> statement-breakpoint
-- What the duplicate rule said, kept in the audit log: each report rejected as a duplicate, the
-- report it named, the incident it joined, and a place staff had recorded on it that its incident
-- does not carry. Its status and reason stay on the report.
INSERT INTO "audit_event" ("actor_kind", "action", "subject_type", "subject_id", "details")
  SELECT 'migration', 'report.linked', 'report', r."id"::text,
    jsonb_build_object('to', r."incident_id", 'reason', 'duplicate', 'duplicateOf', r."duplicate_of")
      || CASE WHEN r."municipality" IS NOT NULL AND (r."municipality", r."province") IS DISTINCT FROM (i."municipality", i."province")
         THEN jsonb_build_object('municipality', r."municipality", 'province', r."province") ELSE '{}'::jsonb END
    FROM "report" r JOIN "incident" i ON i."id" = r."incident_id"
   WHERE r."duplicate_of" IS NOT NULL
   ORDER BY r."created_at", r."id";
--> statement-breakpoint
-- The reports' site-revision triggers name the columns that leave (replaced below by the incidents').
DROP TRIGGER "report_changes_site" ON "report";
--> statement-breakpoint
DROP TRIGGER "report_inserts_change_site" ON "report";
--> statement-breakpoint
DROP FUNCTION "bump_site_revision_for_public_reports"();
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_province_check";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_duplicate_of_only_for_duplicates";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_not_duplicate_of_itself";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_place_complete";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_municipality_length";
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_duplicate_of_report_id_fk";
--> statement-breakpoint
DROP INDEX "report_verified_figures_idx";
--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "duplicate_of";
--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "municipality";
--> statement-breakpoint
ALTER TABLE "report" DROP COLUMN "province";
--> statement-breakpoint
-- What counts (decision 0009, now per incident): a report verified, or closed without a rejection
-- reason, and not held back by the spam check. The one statement of the rule: the triggers below
-- and `services/verified-incidents.ts` call it.
CREATE FUNCTION "report_counts"(text, text, boolean) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT $3 AND ($1 = 'verified' OR ($1 = 'closed' AND $2 IS NULL))
$$;
--> statement-breakpoint
UPDATE "incident" i SET "counts" = true
 WHERE EXISTS (SELECT 1 FROM "report" r WHERE r."incident_id" = i."id" AND "report_counts"(r."status", r."rejection_reason", r."is_quarantined"));
--> statement-breakpoint
CREATE INDEX "incident_counted_figures_idx" ON "incident" USING btree ("incident_date","province","incident_type") WHERE "counts";
--> statement-breakpoint
-- An incident counts when at least one of its reports does. Kept here, inside the writer's
-- transaction, whatever the writer (an operation, a restore, a script). The incident is locked
-- before its reports are read again: two members changing two reports of one incident at once
-- then see each other's change (read committed takes a new snapshot after the lock).
CREATE FUNCTION "refresh_incident_counts"(uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was boolean;
  now_counts boolean;
BEGIN
  SELECT "counts" INTO was FROM "incident" WHERE "id" = $1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  now_counts := EXISTS (
    SELECT 1 FROM "report" r
     WHERE r."incident_id" = $1 AND "report_counts"(r."status", r."rejection_reason", r."is_quarantined")
  );
  IF was IS DISTINCT FROM now_counts THEN
    UPDATE "incident" SET "counts" = now_counts WHERE "id" = $1;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "report_keeps_incident_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A report that does not count cannot make its incident count.
    IF "report_counts"(NEW."status", NEW."rejection_reason", NEW."is_quarantined") THEN
      PERFORM "refresh_incident_counts"(NEW."incident_id");
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF "report_counts"(OLD."status", OLD."rejection_reason", OLD."is_quarantined") THEN
      PERFORM "refresh_incident_counts"(OLD."incident_id");
    END IF;
  ELSIF NEW."incident_id" IS DISTINCT FROM OLD."incident_id" THEN
    PERFORM "refresh_incident_counts"(OLD."incident_id");
    PERFORM "refresh_incident_counts"(NEW."incident_id");
  ELSIF "report_counts"(NEW."status", NEW."rejection_reason", NEW."is_quarantined")
      IS DISTINCT FROM "report_counts"(OLD."status", OLD."rejection_reason", OLD."is_quarantined") THEN
    PERFORM "refresh_incident_counts"(NEW."incident_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_keeps_incident_counts" AFTER INSERT OR DELETE
  OR UPDATE OF "status", "rejection_reason", "is_quarantined", "incident_id" ON "report"
  FOR EACH ROW EXECUTE FUNCTION "report_keeps_incident_counts"();
--> statement-breakpoint
-- A report that arrives alone makes an incident of its own, of its date and type, in the writer's
-- transaction: every submission path, and an archive made before incidents (a restore leaves out
-- the columns its archive lacks). NOT NULL is checked after BEFORE triggers.
CREATE FUNCTION "report_makes_its_incident"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."incident_id" IS NULL THEN
    INSERT INTO "incident" ("created_at", "incident_date", "incident_type")
      VALUES (NEW."created_at", NEW."incident_date", NEW."incident_type")
      RETURNING "id" INTO NEW."incident_id";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_makes_its_incident" BEFORE INSERT ON "report"
  FOR EACH ROW EXECUTE FUNCTION "report_makes_its_incident"();
--> statement-breakpoint
-- The public pages and files count incidents now (decision 0014's site revision): the reports'
-- triggers give way to the incidents'. A change renews the cached pages when an incident that
-- counts (before or after) changes what the figures read: whether it counts, its date, type or
-- province. A report changed without changing that (a second witness verified) renews nothing.
CREATE FUNCTION "bump_site_revision_for_counted_incidents"() RETURNS trigger LANGUAGE plpgsql AS $$
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
         AND (o."counts", o."incident_date", o."incident_type", o."province")
             IS DISTINCT FROM (n."counts", n."incident_date", n."incident_type", n."province")
    );
  END IF;
  IF changed THEN
    UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "incident_inserts_change_site" AFTER INSERT ON "incident"
  REFERENCING NEW TABLE AS "new_incidents"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision_for_counted_incidents"();
--> statement-breakpoint
CREATE TRIGGER "incident_updates_change_site" AFTER UPDATE ON "incident"
  REFERENCING OLD TABLE AS "old_incidents" NEW TABLE AS "new_incidents"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision_for_counted_incidents"();
--> statement-breakpoint
CREATE TRIGGER "incident_deletes_change_site" AFTER DELETE ON "incident"
  REFERENCING OLD TABLE AS "old_incidents"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision_for_counted_incidents"();
--> statement-breakpoint
CREATE TRIGGER "incident_truncate_changes_site" AFTER TRUNCATE ON "incident"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_revision"();
--> statement-breakpoint
-- The migration changed counted data: the cached pages are renewed once.
UPDATE "site_revision" SET "value" = "value" + 1 WHERE "id" = 1;
