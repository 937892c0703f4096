ALTER TABLE "contact_message" ADD COLUMN "spam_check" text DEFAULT 'proof-of-work' NOT NULL;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "spam_check" text DEFAULT 'proof-of-work' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_spam_check_check" CHECK ("spam_check" in ('proof-of-work', 'form-token'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_spam_check_check" CHECK ("spam_check" in ('proof-of-work', 'form-token'));