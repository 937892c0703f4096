import type pg from 'pg';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { NotificationWorker } from '../mail/notifications.ts';
import type { AlertChecker } from '../monitoring/alerts.ts';
import type { JobRecorder } from '../monitoring/jobs.ts';
import type { Metrics } from '../monitoring/metrics.ts';
import type { Digest } from '../services/casework/digest.ts';
import type { EarlyWarnings } from '../services/casework/early-warnings.ts';
import type { FollowUpService } from '../services/follow-up/follow-up.ts';
import type { ReplyNotices } from '../services/follow-up/reply-notices.ts';
import type { AltchaService } from '../services/intake/altcha.ts';
import type { Retention } from '../services/retention/retention.ts';
import type { SpoolMover } from '../storage/spool-mover.ts';
import { alertsJob } from './alerts.ts';
import { digestJob } from './digest.ts';
import { earlyWarningJob } from './early-warning.ts';
import type { Job } from './job.ts';
import { maintenanceJob } from './maintenance.ts';
import { orphanSweepJob } from './orphan-sweep.ts';
import { outboxJob } from './outbox.ts';
import { retentionJob } from './retention.ts';
import { type JobRunner, startJobRunner } from './runner.ts';
import { spoolMoverJob } from './spool-mover.ts';

/**
 * What the jobs use of the site, and nothing more: given by the composition root
 * (`composition/site.ts`, decision 0018).
 */
export type JobServices = {
  pool: pg.Pool;
  db: Db;
  /** Each job's last success and failure. */
  jobs: JobRecorder;
  metrics: Metrics;
  notifications: NotificationWorker;
  replyNotices: Pick<ReplyNotices, 'sendPending'>;
  spoolMover: SpoolMover;
  retention: Retention;
  digest: Digest;
  /** Incidents that form a pattern (decision 0052). */
  earlyWarnings: Pick<EarlyWarnings, 'run'>;
  alerts: AlertChecker;
  altcha: Pick<AltchaService, 'deleteExpired'>;
  followUp: Pick<FollowUpService, 'deleteExpired'>;
  /** Opens a report's online addresses to hash them (the maintenance job, decision 0043). */
  encryption: Pick<Encryption, 'openText' | 'deriveKey' | 'deriveFromDataKeys'>;
};

/** Every job of the site, each in its own file of this folder (decision 0035). */
export function siteJobs(services: JobServices, logger: Logger): Job[] {
  return [
    outboxJob(services.notifications, services.replyNotices),
    spoolMoverJob(services.spoolMover),
    maintenanceJob(services),
    retentionJob(services.retention, logger),
    orphanSweepJob(services.retention, logger),
    digestJob(services.digest, logger),
    earlyWarningJob(services.earlyWarnings, logger),
    alertsJob(services.alerts),
  ];
}

/**
 * The site's jobs on one runner (main.ts): a submission's e-mail and a spooled file are then
 * handled at once through it, on whichever instance is free.
 */
export async function startSiteJobs(services: JobServices, logger: Logger): Promise<JobRunner> {
  const runner = await startJobRunner({
    pool: services.pool,
    jobs: siteJobs(services, logger),
    recorder: services.jobs,
    metrics: services.metrics,
    logger,
  });
  services.notifications.kickWith(() => runner.kick('outbox'));
  services.spoolMover.kickWith(() => runner.kick('spool-mover'));
  return {
    kick: runner.kick,
    async stop() {
      services.notifications.kickWith(undefined);
      services.spoolMover.kickWith(undefined);
      await runner.stop();
    },
  };
}
