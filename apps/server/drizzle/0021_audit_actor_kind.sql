-- Issue 29, item 3: the command line is an actor of its own kind, and the audit log says who acted
-- in a column of its own rather than by a convention in `details`: a staff `member` (and then only
-- a member has `actor_id`), the `command-line`, a scheduled `job`, or a `visitor` no account matched.
-- Rows written before this release say it the old way: the command line's with `via: command-line`,
-- the retention job's with `via: retention` or as the orphan sweep's action; their details stay as
-- they were written.
CREATE FUNCTION "audit_event_actor_kind_of_old_row"("actor_id" text, "action" text, "details" jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "actor_id" IS NOT NULL THEN 'member'
    WHEN "details"->>'via' = 'command-line' THEN 'command-line'
    WHEN "details"->>'via' = 'retention' OR "action" = 'storage.orphans-removed' THEN 'job'
    ELSE 'visitor'
  END
$$;
--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "actor_kind" text;--> statement-breakpoint
UPDATE "audit_event" SET "actor_kind" = "audit_event_actor_kind_of_old_row"("actor_id", "action", "details");--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "actor_kind" SET NOT NULL;--> statement-breakpoint
-- A row written without saying comes from before this release: a backup made before it and restored
-- into this version (the restore leaves out the columns its archive lacks). The same rule applies to
-- it. NOT NULL is checked after BEFORE triggers, so the site's own inserts, which always say, are
-- unaffected.
CREATE FUNCTION "audit_event_actor_kind_of_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."actor_kind" IS NULL THEN
    NEW."actor_kind" := "audit_event_actor_kind_of_old_row"(NEW."actor_id", NEW."action", NEW."details");
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_event_actor_kind_of_old_rows" BEFORE INSERT ON "audit_event"
  FOR EACH ROW EXECUTE FUNCTION "audit_event_actor_kind_of_old_rows"();
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_kind_check" CHECK ("actor_kind" in ('member', 'command-line', 'job', 'visitor'));--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_is_member" CHECK (("actor_kind" = 'member') = ("actor_id" is not null));
