-- Issue 27, item 3 (decision 0041): a reporter's reply notice. The address, sealed, in a table of its own
-- apart from the identity; told only that a new message waits; gone with the report's personal data.
CREATE TABLE "reply_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"address" text NOT NULL,
	"sender" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_since" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "reply_notice_one_per_report" UNIQUE("report_id"),
	CONSTRAINT "reply_notice_sender_check" CHECK ("sender" in ('notifications', 'messages')),
	CONSTRAINT "reply_notice_language_check" CHECK ("language" in ('en', 'fr', 'nl', 'he', 'yi')),
	CONSTRAINT "reply_notice_attempts_check" CHECK ("attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reply_notice" ADD CONSTRAINT "reply_notice_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;