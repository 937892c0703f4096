CREATE TABLE "follow_up_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_id" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "receipt_hash" text;--> statement-breakpoint
ALTER TABLE "report_attachment" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "follow_up_session" ADD CONSTRAINT "follow_up_session_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_message" ADD CONSTRAINT "report_message_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_session_last_active_idx" ON "follow_up_session" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "report_message_report_idx" ON "report_message" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "report_message_unread_idx" ON "report_message" USING btree ("created_at") WHERE author = 'reporter' and read_at is null;--> statement-breakpoint
ALTER TABLE "report_attachment" ADD CONSTRAINT "report_attachment_message_id_report_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."report_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_receipt_hash_unique" UNIQUE("receipt_hash");