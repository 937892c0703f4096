DROP INDEX "report_counting_facts_idx";--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "reporters_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "reporters_called_police" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "reporters_medical_treatment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "reporters_sources" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "incident" ADD COLUMN "reporters_platform" text;--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_reporters_sources_check" CHECK ("reporters_sources" <@ array['web', 'phone', 'in_person', 'email', 'whatsapp', 'signal', 'police', 'partner', 'press', 'online_monitoring', 'patrol']::text[]);--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_reporters_platform_check" CHECK ("reporters_platform" in ('facebook', 'instagram', 'x', 'tiktok', 'youtube', 'telegram', 'whatsapp', 'website', 'other'));--> statement-breakpoint
ALTER TABLE "incident" ADD CONSTRAINT "incident_reporters_said_counts" CHECK ("counts" or not ("reporters_anonymous" or "reporters_called_police" or "reporters_medical_treatment" or cardinality("reporters_sources") > 0 or "reporters_platform" is not null));--> statement-breakpoint
-- What the reports that make an incident count said (decision 0058), kept with "counts" by the
-- function that keeps it, inside the writer's transaction: the statistics read incidents alone.
-- The incident is locked before its reports are read again, as before (migration 0023).
CREATE OR REPLACE FUNCTION "refresh_incident_counts"(uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was record;
  now_said record;
BEGIN
  SELECT "counts", "reporters_anonymous", "reporters_called_police", "reporters_medical_treatment",
         "reporters_sources", "reporters_platform"
    INTO was FROM "incident" WHERE "id" = $1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT count(*) > 0 AS "counts",
         coalesce(bool_and(r."is_anonymous"), false) AS "anonymous",
         coalesce(bool_or(r."called_police"), false) AS "called_police",
         coalesce(bool_or(r."medical_treatment"), false) AS "medical_treatment",
         coalesce(array_agg(DISTINCT r."source" ORDER BY r."source"), '{}') AS "sources",
         (array_agg(r."online_platform" ORDER BY r."created_at", r."id")
            FILTER (WHERE r."online_platform" IS NOT NULL))[1] AS "platform"
    INTO now_said
    FROM "report" r
   WHERE r."incident_id" = $1 AND "report_counts"(r."status", r."rejection_reason", r."is_quarantined");
  IF (was."counts", was."reporters_anonymous", was."reporters_called_police", was."reporters_medical_treatment",
      was."reporters_sources", was."reporters_platform")
     IS DISTINCT FROM (now_said."counts", now_said."anonymous", now_said."called_police", now_said."medical_treatment",
      now_said."sources", now_said."platform") THEN
    UPDATE "incident" SET "counts" = now_said."counts",
           "reporters_anonymous" = now_said."anonymous",
           "reporters_called_police" = now_said."called_police",
           "reporters_medical_treatment" = now_said."medical_treatment",
           "reporters_sources" = now_said."sources",
           "reporters_platform" = now_said."platform"
     WHERE "id" = $1;
  END IF;
END;
$$;
--> statement-breakpoint
-- A counting report whose answers change (the reporter's erasure, a correction) refreshes its
-- incident too, beside the changes that already did.
CREATE OR REPLACE FUNCTION "report_keeps_incident_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ELSIF "report_counts"(NEW."status", NEW."rejection_reason", NEW."is_quarantined")
      AND (NEW."is_anonymous", NEW."called_police", NEW."medical_treatment", NEW."source", NEW."online_platform")
          IS DISTINCT FROM (OLD."is_anonymous", OLD."called_police", OLD."medical_treatment", OLD."source", OLD."online_platform") THEN
    PERFORM "refresh_incident_counts"(NEW."incident_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "report_keeps_incident_counts" ON "report";
--> statement-breakpoint
CREATE TRIGGER "report_keeps_incident_counts" AFTER INSERT OR DELETE
  OR UPDATE OF "status", "rejection_reason", "is_quarantined", "incident_id",
    "is_anonymous", "called_police", "medical_treatment", "source", "online_platform" ON "report"
  FOR EACH ROW EXECUTE FUNCTION "report_keeps_incident_counts"();
--> statement-breakpoint
-- Every incident that counts today, from its counting reports, in one statement.
UPDATE "incident" i
   SET "reporters_anonymous" = said."anonymous",
       "reporters_called_police" = said."called_police",
       "reporters_medical_treatment" = said."medical_treatment",
       "reporters_sources" = said."sources",
       "reporters_platform" = said."platform"
  FROM (
    SELECT r."incident_id",
           bool_and(r."is_anonymous") AS "anonymous",
           bool_or(r."called_police") AS "called_police",
           bool_or(r."medical_treatment") AS "medical_treatment",
           array_agg(DISTINCT r."source" ORDER BY r."source") AS "sources",
           (array_agg(r."online_platform" ORDER BY r."created_at", r."id")
              FILTER (WHERE r."online_platform" IS NOT NULL))[1] AS "platform"
      FROM "report" r
     WHERE "report_counts"(r."status", r."rejection_reason", r."is_quarantined")
     GROUP BY r."incident_id"
  ) said
 WHERE i."id" = said."incident_id";
