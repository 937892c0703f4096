ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "threat_ongoing" boolean;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "sharing_consent" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "online_urls" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "online_platform" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "is_urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "urgent_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_urgent_open_idx" ON "report" USING btree ("created_at") WHERE "is_urgent" and "urgent_taken_at" is null;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_urgent_has_report" CHECK ("kind" <> 'urgentReport' or "report_id" is not null);--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("kind" in ('newReport', 'newMessage', 'followUpReply', 'urgentReport'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_online_platform_check" CHECK ("online_platform" in ('facebook', 'instagram', 'x', 'tiktok', 'youtube', 'telegram', 'whatsapp', 'website', 'other'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_online_fields_only_online" CHECK (("online_platform" is null and "online_urls" is null) or "incident_type" = 'online');--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_urgent_taken_only_urgent" CHECK ("urgent_taken_at" is null or "is_urgent");--> statement-breakpoint
-- An urgent report is taken by its first assignment or its first status change, whichever comes
-- first (decision 0024). The trigger records when, inside the writer's transaction, whichever
-- operation makes the change; who made it is in that change's audit row.
CREATE FUNCTION "report_take_urgent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."is_urgent" AND NEW."urgent_taken_at" IS NULL
     AND ((NEW."assigned_to" IS NOT NULL AND NEW."assigned_to" IS DISTINCT FROM OLD."assigned_to")
          OR NEW."status" IS DISTINCT FROM OLD."status") THEN
    NEW."urgent_taken_at" := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "report_takes_urgent" BEFORE UPDATE OF "assigned_to", "status" ON "report"
  FOR EACH ROW EXECUTE FUNCTION "report_take_urgent"();
