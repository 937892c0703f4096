CREATE TABLE "public_incident" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"incident_date" date NOT NULL,
	"incident_type" text NOT NULL,
	"municipality" text NOT NULL,
	"province" text NOT NULL,
	"summaries" jsonb NOT NULL,
	"original_language" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text
);
--> statement-breakpoint
CREATE TABLE "report_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_status_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "municipality" text;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_incident" ADD CONSTRAINT "public_incident_published_by_staff_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_note" ADD CONSTRAINT "report_note_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_note" ADD CONSTRAINT "report_note_author_id_staff_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_status_change" ADD CONSTRAINT "report_status_change_actor_id_staff_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_incident_date_idx" ON "public_incident" USING btree ("incident_date");--> statement-breakpoint
CREATE INDEX "public_incident_type_date_idx" ON "public_incident" USING btree ("incident_type","incident_date");--> statement-breakpoint
CREATE INDEX "report_note_report_idx" ON "report_note" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "report_status_change_report_idx" ON "report_status_change" USING btree ("report_id","occurred_at");--> statement-breakpoint
CREATE INDEX "report_status_idx" ON "report" USING btree ("status","created_at");