CREATE TABLE "spooled_file" (
	"full_path" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"metadata" jsonb NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error_code" text,
	CONSTRAINT "spooled_file_size_check" CHECK ("size" >= 0 and "size" = octet_length("data")),
	CONSTRAINT "spooled_file_attempts_check" CHECK ("attempts" >= 0 and "version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "submission_key" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"report_id" uuid NOT NULL,
	"sealed_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_key_kind_check" CHECK ("kind" in ('report', 'reply')),
	CONSTRAINT "submission_key_answer_check" CHECK ("kind" = 'report' or "sealed_answer" is null)
);
--> statement-breakpoint
ALTER TABLE "submission_key" ADD CONSTRAINT "submission_key_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spooled_file_due_idx" ON "spooled_file" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "submission_key_created_idx" ON "submission_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "submission_key_report_idx" ON "submission_key" USING btree ("report_id");