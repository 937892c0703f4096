ALTER TABLE "alert" DROP CONSTRAINT "alert_subject_check";--> statement-breakpoint
ALTER TABLE "scheduled_job" DROP CONSTRAINT "scheduled_job_name_check";--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_subject_check" CHECK ("subject" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup', 'digest'));--> statement-breakpoint
ALTER TABLE "scheduled_job" ADD CONSTRAINT "scheduled_job_name_check" CHECK ("name" in ('retention', 'orphan-sweep', 'outbox', 'spool-mover', 'maintenance', 'backup', 'digest'));