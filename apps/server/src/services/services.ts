import path from 'node:path';
import type { IncidentType } from '@app/core/incident-types';
import type { PublicIncidentsServiceForWeb } from '@app/core/public-incidents';
import type { StaffAuthForWeb, StaffIdentity } from '@app/core/staff-api';
import type { StaffOperations } from '@app/core/staff-operations';
import type pg from 'pg';
import { type AuditLog, createAuditLog } from '../audit/audit-log.ts';
import { type Auth, createAuth } from '../auth/auth.ts';
import { createSignInLimits } from '../auth/sign-in-limits.ts';
import { createStaffAuthService } from '../auth/staff-auth.service.ts';
import { createStaffSessions, type StaffSessions } from '../auth/staff-sessions.ts';
import type { Config } from '../config.ts';
import { type Encryption, loadSiteEncryption } from '../crypto/encryption.ts';
import { createReceiptHasher, type ReceiptHasher } from '../crypto/receipts.ts';
import { createSubmissionKeys, type SubmissionKeys } from '../crypto/submission-keys.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createNotificationWorker, type NotificationWorker } from '../mail/notifications.ts';
import { type AlertChecker, createAlertChecker } from '../monitoring/alerts.ts';
import { createJobRecorder, type JobRecorder } from '../monitoring/jobs.ts';
import { countStorageErrors, createMetrics, type Metrics } from '../monitoring/metrics.ts';
import type { OperationDeps } from '../operations/operation-context.ts';
import { createStaffOperations } from '../operations/staff-operations.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import { createS3Storage } from '../storage/s3-storage.ts';
import { createSealedStorage } from '../storage/sealed-storage.ts';
import { createSpoolingStore, type SpoolingStore } from '../storage/spool.ts';
import { createSpoolMover, type SpoolMover } from '../storage/spool-mover.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { createFileWorkQueue, type FileWorkQueue } from '../uploads/file-work-queue.ts';
import { type AltchaService, createAltchaService } from './altcha.service.ts';
import { createContentService, type PublicContentService } from './content.service.ts';
import { createDigest, type Digest } from './digest.service.ts';
import { createFollowUpService, type FollowUpService } from './follow-up.service.ts';
import { createFollowUpLimits, type FollowUpLimits } from './follow-up-limits.ts';
import { createFormTokens, type FormTokens } from './form-token.service.ts';
import { createPublicIncidentsService } from './public-incidents.service.ts';
import type { UploadSettings } from './report.service.ts';
import { createRetention, type Retention } from './retention.service.ts';
import { createSiteRevision, type SiteRevision } from './site-revision.ts';
import { type CommandLineStaff, createCommandLineStaff } from './staff.service.ts';
import { createSubmissionLimits, type SubmissionLimits } from './submission-limits.ts';

/** Everything the routes need, built once at start-up from the configuration. */
export type Services = {
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
  /** The incident types whose reports are urgent (decision 0024). */
  urgentIncidentTypes: readonly IncidentType[];
  /** The daily digest of coordinators and admins who asked for it (decision 0028). */
  digest: Digest;
  auth: Auth;
  audit: AuditLog;
  staffSessions: StaffSessions;
  /** The sign-in steps and the member's own account, for the staff area's pages. */
  staffAuth: StaffAuthForWeb;
  /** Staff management from the command line (no actor; the operator's own). */
  staff: CommandLineStaff;
  /**
   * The operations of one staff member, bound to them. The server calls it only with the actor of
   * a complete session (both factors in that session); nothing public ever receives it.
   */
  operationsFor(actor: StaffIdentity, options?: { now?: () => Date }): StaffOperations;
  publicIncidents: PublicIncidentsServiceForWeb;
  /** What the public page cache compares: changes whenever a public page's content does. */
  siteRevision: SiteRevision;
  /** The staff-edited texts and numbers in force, for the public pages. */
  content: PublicContentService;
};

/** Where the files live, as stored (sealed by `createSealedStorage` on top): a folder or a bucket. */
export function createFileStore(config: Config): StorageDriver {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage)
    : createLocalDiskStorage(path.join(config.dataDir, 'storage'));
}

/** The folder or bucket with the spool in front of it (decision 0025), its failures counted when metrics are given. */
export function createSpooledFileStore(config: Config, pool: pg.Pool, metrics?: Metrics): SpoolingStore {
  const driver = createFileStore(config);
  return createSpoolingStore(metrics ? countStorageErrors(driver, metrics) : driver, pool);
}

/** The staff side alone, also used by the command line (`cli/staff.ts`). */
export function createStaffServices(
  config: Config,
  database: { db: Db; pool: pg.Pool },
  encryption: Encryption,
  logger: Logger,
  storage?: StorageDriver,
) {
  const secret = encryption.deriveKey('better-auth').toString('base64url');
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: config.publicUrl,
    organisationName: config.site.organisationName,
    logger,
  });
  const audit = createAuditLog(database.db);
  const staffSessions = createStaffSessions(auth, database.pool, audit, {
    idleMinutes: config.staff.idleMinutes,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  const operationDeps: OperationDeps = {
    db: database.db,
    encryption,
    storage: storage ?? createSealedStorage(createSpooledFileStore(config, database.pool), encryption),
    audit,
    sessions: staffSessions,
    auth,
    publicUrl: config.publicUrl,
    organisationName: config.site.organisationName,
    digestHour: config.mail.digestHour,
    responsePromiseWorkingDays: config.responsePromiseWorkingDays,
  };
  const staffAuth = createStaffAuthService({
    auth,
    db: database.db,
    pool: database.pool,
    audit,
    limits: createSignInLimits(
      database.pool,
      encryption.deriveKey('sign-in-limit-keys'),
      config.staff.signInAttemptsPerIp,
    ),
    sessions: staffSessions,
    logger,
  });
  return { auth, audit, staffSessions, staffAuth, operationDeps, staff: createCommandLineStaff(operationDeps) };
}

export function createServices(config: Config, database: { db: Db; pool: pg.Pool }, logger: Logger): Services {
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
  const { operationDeps, ...staffServices } = createStaffServices(config, database, encryption, logger, storage);
  const content = createContentService(database.db);
  const receipts = createReceiptHasher(keyring);
  const siteRevision = createSiteRevision(database.pool);
  return {
    ...database,
    ...staffServices,
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
      audit: staffServices.audit,
      months: config.site.retentionMonths,
    }),
    followUpLimits: createFollowUpLimits(database.pool, encryption.deriveKey('follow-up-limit-keys'), config.followUp),
    operationsFor: (actor, options) => createStaffOperations({ ...operationDeps, content, ...options }, actor),
    digest: createDigest({
      db: database.db,
      hour: config.mail.digestHour,
      promise: config.responsePromiseWorkingDays,
    }),
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
        staffAreaUrl: `${config.publicUrl}/internal`,
      },
      logger,
    ),
  };
}
