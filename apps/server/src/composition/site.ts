import type { PublicIncidentsServiceForWeb } from '@app/core/figures/public-incidents';
import type { IncidentType } from '@app/core/forms/incident-types';
import type { StaffAuthForWeb, StaffIdentity } from '@app/core/staff/staff-api';
import type { StaffOperations } from '@app/core/staff/staff-operations';
import type pg from 'pg';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Auth } from '../auth/auth.ts';
import type { StaffSessions } from '../auth/staff-sessions.ts';
import type { Config } from '../config.ts';
import { type Encryption, loadSiteEncryption } from '../crypto/encryption.ts';
import { createReceiptHasher, type ReceiptHasher } from '../crypto/receipts.ts';
import { createSubmissionKeys, type SubmissionKeys } from '../crypto/submission-keys.ts';
import type { Db } from '../db/database.ts';
import type { HttpServices } from '../http/app.ts';
import type { JobServices } from '../jobs/site-jobs.ts';
import type { Logger } from '../logger.ts';
import { createNotificationWorker, type NotificationWorker } from '../mail/notifications.ts';
import { type AlertChecker, createAlertChecker } from '../monitoring/alerts.ts';
import { createJobRecorder, type JobRecorder } from '../monitoring/jobs.ts';
import { countStorageErrors, createMetrics, type Metrics } from '../monitoring/metrics.ts';
import type { CommandLineOperations } from '../operations/command-line-operations.ts';
import { createStaffOperations } from '../operations/staff-operations.ts';
import { createDigest, type Digest } from '../services/casework/digest.ts';
import { createEarlyWarnings, type EarlyWarnings } from '../services/casework/early-warnings.ts';
import { createPublicIncidentsService } from '../services/figures/public-incidents.ts';
import { createFollowUpService, type FollowUpService } from '../services/follow-up/follow-up.ts';
import { createFollowUpLimits, type FollowUpLimits } from '../services/follow-up/follow-up-limits.ts';
import { createReplyNotices, type ReplyNotices } from '../services/follow-up/reply-notices.ts';
import { type AltchaService, createAltchaService } from '../services/intake/altcha.ts';
import { createFormTokens, type FormTokens } from '../services/intake/form-token.ts';
import { createSubmissionLimits, type SubmissionLimits } from '../services/intake/submission-limits.ts';
import type { UploadSettings } from '../services/intake/submit-report.ts';
import { createRetention, type Retention } from '../services/retention/retention.ts';
import { createContentService, type PublicContentService } from '../services/site/content.ts';
import { createSiteRevision, type SiteRevision } from '../services/site/site-revision.ts';
import { createFileStore } from '../storage/file-store.ts';
import { createSealedStorage } from '../storage/sealed-storage.ts';
import { createSpoolingStore, type SpoolingStore } from '../storage/spool.ts';
import { createSpoolMover, type SpoolMover } from '../storage/spool-mover.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { createFileWorkQueue, type FileWorkQueue } from '../uploads/file-work-queue.ts';
import { createStaffSide } from './staff-side.ts';

/**
 * Everything the site is made of, built once at start-up from the configuration: the composition
 * root. `main.ts` (and the tests, which stand where it stands) hold it; no layer below does. Each
 * consumer gets its own part: the HTTP side `http` (`HttpServices`, and in it each router its
 * own), the job runner `background` (`JobServices`), the staff area a member's operations bound by
 * the session, the command line `commandLine`.
 */
export type Site = {
  db: Db;
  pool: pg.Pool;
  encryption: Encryption;
  storage: StorageDriver;
  altcha: AltchaService;
  /** What stands in for ALTCHA on a form sent without JavaScript (decision 0021). */
  formTokens: FormTokens;
  limits: SubmissionLimits;
  receipts: ReceiptHasher;
  /**
   * The files as stored (sealed), in the storage or still in the spool (decision 0025): for
   * backups and key rotation; everything else uses `storage`.
   */
  fileStore: SpoolingStore;
  /** Moves spooled files to the storage: the job runner's `spool-mover` job. */
  spoolMover: SpoolMover;
  /** Submission keys: a form sent twice is kept once (decision 0025). */
  submissionKeys: SubmissionKeys;
  uploads: UploadSettings;
  /** The bounded queue for decoding and cleaning uploaded files (security review finding 1). */
  fileWork: FileWorkQueue;
  /** Called when a submission's file went to the spool: the mover looks at once. */
  onSpooled(): void;
  /** Prometheus metrics of this instance (decision 0030). */
  metrics: Metrics;
  /** Each scheduled job's last success and failure, in the database. */
  jobs: JobRecorder;
  /** Failing jobs and late queues: e-mails to the administrators, and the dashboard. */
  alerts: AlertChecker;
  /** The reporter's side of the follow-up thread (the staff side is in casework). */
  followUp: FollowUpService;
  followUpLimits: FollowUpLimits;
  /** The daily erasure of personal data past the retention period, and the orphan sweeper. */
  retention: Retention;
  notifications: NotificationWorker;
  /** Reporters' reply notices (decision 0041). */
  replyNotices: ReplyNotices;
  /** The incident types whose reports are urgent (decision 0024). */
  urgentIncidentTypes: readonly IncidentType[];
  /** The daily digest of coordinators and admins who asked for it (decision 0028). */
  digest: Digest;
  /** Early warnings to coordinators (decision 0052): the `early-warning` job's detection. */
  earlyWarnings: EarlyWarnings;
  auth: Auth;
  audit: AuditLog;
  staffSessions: StaffSessions;
  /** The sign-in steps and the member's own account, for the staff area's pages. */
  staffAuth: StaffAuthForWeb;
  /** The command line's operations (`npm run staff`), bound to the command-line actor; built for the tests. */
  commandLine: CommandLineOperations;
  /**
   * The operations of one staff member, bound to them. The staff area's door (`http/staff-access.ts`)
   * calls it only with the actor of a complete session (both factors in that session); nothing
   * public ever receives it. Tests pass a clock.
   */
  operationsFor(actor: StaffIdentity, options?: { now?: () => Date }): StaffOperations;
  publicIncidents: PublicIncidentsServiceForWeb;
  /** What the public page cache compares: changes whenever a public page's content does. */
  siteRevision: SiteRevision;
  /** The staff-edited texts and numbers in force, for the public pages. */
  content: PublicContentService;
  /** The part the HTTP side receives (`createApp`), and nothing else of the site. */
  http: HttpServices;
  /** The part the job runner receives (`startSiteJobs`). */
  background: JobServices;
};

/** The folder or bucket with the spool in front of it (decision 0025), its failures counted when metrics are given. */
export function createSpooledFileStore(config: Config, pool: pg.Pool, metrics?: Metrics): SpoolingStore {
  const driver = createFileStore(config);
  return createSpoolingStore(metrics ? countStorageErrors(driver, metrics) : driver, pool);
}

export function createSite(config: Config, database: { db: Db; pool: pg.Pool }, logger: Logger): Site {
  const { encryption, keyring } = loadSiteEncryption(config, logger);
  let spoolBacklog = () => Promise.resolve({ files: 0, bytes: 0, oldest: null as Date | null });
  const metrics = createMetrics({ pool: database.pool, spoolBacklog: () => spoolBacklog() });
  const jobs = createJobRecorder(database.pool);
  const fileStore = createSpooledFileStore(config, database.pool, metrics);
  spoolBacklog = () => fileStore.backlog();
  const storage = createSealedStorage(fileStore, encryption);
  const spoolMover = createSpoolMover({
    pool: database.pool,
    driver: fileStore.driver,
    logger,
  });
  const submissionKeys = createSubmissionKeys(encryption.deriveKey('submission-keys'));
  const uploads = config.uploads;
  const uploadDeps = { encryption, storage, fileStore, uploads, onSpooled: () => spoolMover.kick() };
  const { operationDeps, ...staffSide } = createStaffSide(config, database, encryption, logger, storage);
  const content = createContentService(database.db);
  const receipts = createReceiptHasher(keyring);
  const siteRevision = createSiteRevision(database.pool);
  const site: Omit<Site, 'http' | 'background'> = {
    ...database,
    ...staffSide,
    receipts,
    fileStore,
    spoolMover,
    submissionKeys,
    uploads,
    onSpooled: uploadDeps.onSpooled,
    metrics,
    jobs,
    alerts: createAlertChecker({
      pool: database.pool,
      logger,
      settings: {
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        language: config.mail.staffLanguage,
        organisationName: config.site.organisationName,
        dashboardUrl: `${config.publicUrl}/internal/dashboard`,
        fallbackRecipients: config.mail.notify,
        backlogMinutes: config.monitoring.backlogMinutes,
      },
    }),
    followUp: createFollowUpService({
      ...uploadDeps,
      db: database.db,
      receipts,
      submissionKeys,
      secureCookies: config.publicUrl.startsWith('https://'),
    }),
    retention: createRetention({
      db: database.db,
      encryption,
      storage,
      audit: staffSide.audit,
      months: config.site.retentionMonths,
      periods: config.retention,
    }),
    followUpLimits: createFollowUpLimits(database.pool, encryption.deriveKey('follow-up-limit-keys'), config.followUp),
    operationsFor: (actor, options) =>
      createStaffOperations(
        {
          ...operationDeps,
          content,
          intake: { receipts, urgentIncidentTypes: config.urgentIncidentTypes },
          ...options,
        },
        actor,
      ),
    digest: createDigest({
      db: database.db,
      hour: config.mail.digestHour,
      promise: config.responsePromiseWorkingDays,
      periods: config.retention,
    }),
    earlyWarnings: createEarlyWarnings({ db: database.db, settings: config.earlyWarnings }),
    publicIncidents: createPublicIncidentsService(database.db, {
      revision: siteRevision,
      smallCellThreshold: config.site.smallCellThreshold,
      timeLimitMs: config.figures.timeLimitMs,
      logger,
    }),
    siteRevision,
    fileWork: createFileWorkQueue({ ...config.fileWork, onEvent: (event) => metrics.fileWork(event) }),
    formTokens: createFormTokens(database.db, encryption.deriveKey('form-tokens'), {
      secureCookies: config.publicUrl.startsWith('https://'),
    }),
    content,
    encryption,
    storage,
    altcha: createAltchaService(database.db, encryption.deriveKey('altcha')),
    limits: createSubmissionLimits(database.pool, encryption.deriveKey('rate-limit-keys'), config.limits),
    urgentIncidentTypes: config.urgentIncidentTypes,
    replyNotices: createReplyNotices({
      db: database.db,
      encryption,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
    }),
    notifications: createNotificationWorker(
      database.db,
      {
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        recipients: config.mail.notify,
        onCallRecipients: config.mail.onCall,
        language: config.mail.staffLanguage,
        organisationName: config.site.organisationName,
        internalUrl: `${config.publicUrl}/internal/dashboard`,
        reportUrl: (reportId) => `${config.publicUrl}/internal/reports/${reportId}`,
        warningUrl: (warningId) => `${config.publicUrl}/internal/reports?warning=${warningId}`,
        earlyWarnings: config.earlyWarnings,
        staffAreaUrl: `${config.publicUrl}/internal`,
      },
      logger,
    ),
  };
  return { ...site, http: httpServicesOf(site), background: jobServicesOf(site) };
}

/**
 * The HTTP side's part of the site, named one by one: something added to the site reaches no page
 * or route until it is named here (and in `HttpServices`).
 */
function httpServicesOf(site: Omit<Site, 'http' | 'background'>): HttpServices {
  return {
    // The submission pipeline's stages.
    altcha: site.altcha,
    formTokens: site.formTokens,
    limits: site.limits,
    followUpLimits: site.followUpLimits,
    followUp: site.followUp,
    replyNotices: site.replyNotices,
    fileWork: site.fileWork,
    // Storing a report, a message or a reply, with its files.
    db: site.db,
    encryption: site.encryption,
    storage: site.storage,
    fileStore: site.fileStore,
    uploads: site.uploads,
    onSpooled: site.onSpooled,
    receipts: site.receipts,
    submissionKeys: site.submissionKeys,
    urgentIncidentTypes: site.urgentIncidentTypes,
    notifications: { kick: () => site.notifications.kick() },
    metrics: site.metrics,
    // The staff area's door, and the sign-in steps of its pages.
    staffSessions: site.staffSessions,
    operationsFor: (actor) => site.operationsFor(actor),
    staffAuth: site.staffAuth,
    // Public pages, the page cache and health.
    publicIncidents: site.publicIncidents,
    content: site.content,
    siteRevision: site.siteRevision,
    pool: site.pool,
  };
}

/** The job runner's part of the site, named one by one as the HTTP side's is. */
function jobServicesOf(site: Omit<Site, 'http' | 'background'>): JobServices {
  return {
    pool: site.pool,
    db: site.db,
    jobs: site.jobs,
    metrics: site.metrics,
    notifications: site.notifications,
    replyNotices: site.replyNotices,
    spoolMover: site.spoolMover,
    retention: site.retention,
    digest: site.digest,
    earlyWarnings: site.earlyWarnings,
    alerts: site.alerts,
    altcha: site.altcha,
    followUp: site.followUp,
    encryption: site.encryption,
  };
}
