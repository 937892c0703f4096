ALTER TABLE "report" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "report_awaiting_response_idx" ON "report" USING btree ("created_at") WHERE "first_response_at" is null and "is_quarantined" = false;--> statement-breakpoint
CREATE INDEX "report_response_times_idx" ON "report" USING btree ("created_at","first_response_at") WHERE "is_quarantined" = false;--> statement-breakpoint
CREATE INDEX "report_message_reporter_idx" ON "report_message" USING btree ("report_id","created_at") WHERE author = 'reporter';--> statement-breakpoint
CREATE INDEX "report_message_staff_idx" ON "report_message" USING btree ("report_id","created_at") WHERE author = 'staff';
--> statement-breakpoint
-- A report's first response (decision 0029): the first status change or staff message, whichever
-- came first. Kept here, inside the writer's transaction, so that every writer (the operations, a
-- restore from an archive made before this column existed) keeps it alike.
CREATE FUNCTION "record_first_response"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answered_at timestamptz;
BEGIN
  IF TG_TABLE_NAME = 'report_status_change' THEN
    answered_at := NEW."occurred_at";
  ELSE
    answered_at := NEW."created_at";
  END IF;
  UPDATE "report" SET "first_response_at" = answered_at
   WHERE "id" = NEW."report_id" AND ("first_response_at" IS NULL OR "first_response_at" > answered_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_status_change_first_response" AFTER INSERT ON "report_status_change"
  FOR EACH ROW EXECUTE FUNCTION "record_first_response"();
--> statement-breakpoint
CREATE TRIGGER "report_message_first_response" AFTER INSERT ON "report_message"
  FOR EACH ROW WHEN (NEW."author" = 'staff') EXECUTE FUNCTION "record_first_response"();
--> statement-breakpoint
-- The reports answered before this migration.
UPDATE "report" SET "first_response_at" = answered."at"
  FROM (
    SELECT "report_id", min("at") AS "at" FROM (
      SELECT "report_id", "occurred_at" AS "at" FROM "report_status_change"
      UNION ALL
      SELECT "report_id", "created_at" FROM "report_message" WHERE "author" = 'staff'
    ) AS "responses" GROUP BY "report_id"
  ) AS answered
 WHERE "report"."id" = answered."report_id";
