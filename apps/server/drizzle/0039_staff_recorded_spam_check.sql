-- Decision 0057: a report a member recorded from another channel (decision 0051) says so in its
-- spam check, instead of claiming a proof of work that nobody solved. The reports recorded so far
-- (every report not from the web form: `report_recorded_by_staff` ties them to their member) take
-- the new value; nothing else changes, and no trigger watches the column.
ALTER TABLE "report" DROP CONSTRAINT "report_spam_check_check";--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_spam_check_check" CHECK ("spam_check" in ('proof-of-work', 'form-token', 'staff-recorded'));--> statement-breakpoint
UPDATE "report" SET "spam_check" = 'staff-recorded' WHERE "source" <> 'web';--> statement-breakpoint
-- Only such a report says no check applied. One way only: an archive made before this migration
-- still restores (its recorded reports keep the value they had then).
ALTER TABLE "report" ADD CONSTRAINT "report_staff_recorded_not_web" CHECK ("spam_check" <> 'staff-recorded' or "source" <> 'web');
