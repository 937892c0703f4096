import path from 'node:path';
import type { RetentionPeriods } from '@app/core/casework/retention';
import type { IncidentType } from '@app/core/forms/incident-types';
import { isIncidentType } from '@app/core/forms/report-questions';
import type { SiteSettings } from '@app/core/site/site-settings';
import type { EarlyWarningSettings } from '@app/core/staff/early-warnings';
import type { Language } from '@app/locales/languages';
import { envSchema } from './config/environment.ts';
import { emailList, keyBytes } from './config/setting-kinds.ts';

/**
 * Every setting of the server comes from an environment variable, checked here once at start-up
 * (the variables: config/environment.ts; the kinds of value they take: config/setting-kinds.ts).
 * `.env.example` documents each one; keep the two in step.
 */

export type Config = Readonly<{
  nodeEnv: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** The site's public origin without a trailing slash, used for canonical and hreflang links. */
  publicUrl: string;
  /** Whether PUBLIC_URL was given, or publicUrl is the default http://localhost:PORT. */
  publicUrlSet: boolean;
  /**
   * ONION_URL: the site's origin as a tor onion service (docs/deployment.md, "Over tor"), without a
   * trailing slash. Pages reached by any other name announce it (Onion-Location); a request to it
   * is one of the site's own origins.
   */
  onionUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  site: SiteSettings;
  /** The master key from ENCRYPTION_KEY; when absent, a key file in DATA_DIR is used. */
  encryptionKey: Buffer | undefined;
  /** The keyring of rotated keys (decision 0023): KEYRING_FILE, else DATA_DIR/keyring.json. */
  keyringFile: string;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    notify: string[];
    staffLanguage: Language;
    /** ON_CALL_EMAILS, else NOTIFY_EMAILS: who hears of an urgent report at once (decision 0024). */
    onCall: string[];
    /** DIGEST_HOUR: the hour in Brussels from which the daily digests go out (decision 0028). */
    digestHour: number;
  };
  /** URGENT_INCIDENT_TYPES: the types whose reports are urgent (a threat going on always is). */
  urgentIncidentTypes: readonly IncidentType[];
  /** Express's "trust proxy" setting: false, 'loopback', or a list of addresses. */
  trustProxy: false | string;
  limits: {
    reportsPerHourPerIp: number;
    messagesPerHourPerIp: number;
    submissionsPerHour: number;
    /** Reports and messages sent without JavaScript (no proof of work), together: decision 0021. */
    submissionsWithoutCheckPerHour: number;
    /**
     * Posts of the forms without JavaScript (every step, every try) per client address in 10
     * minutes: past it, a short refusal before the body is read or a page rendered (decision 0033).
     */
    plainFormPostsPer10MinutesPerIp: number;
  };
  /** The follow-up page: wrong receipts and reporters' messages per client address per hour. */
  followUp: { wrongReceiptsPerHourPerIp: number; repliesPerHourPerIp: number };
  /** Where files live: the local folder DATA_DIR/storage, or an S3-compatible bucket. */
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** Sign-in attempts per client address per 15 minutes; a staff session's idle timeout. */
  staff: { signInAttemptsPerIp: number; idleMinutes: number };
  /**
   * How long a reporter's request waits for the storage before its files go to the spool, and how
   * much the spool may hold before submissions with files are refused (decision 0025).
   */
  uploads: { waitMs: number; spoolMaxBytes: number };
  /** Submissions whose files are decoded at once, and how many may wait (security review finding 1). */
  fileWork: { concurrency: number; maxWaiting: number };
  /**
   * How long the small-cell rule may run for one set of counts before its worker is stopped and the
   * public figures fall back (decision 0022; security review finding 11).
   */
  figures: { timeLimitMs: number };
  /** The promise to answer each report within so many working days in Belgium (decision 0029). */
  responsePromiseWorkingDays: number;
  referralAnswerWorkingDays: number;
  /** Early warning's thresholds (decision 0052): EARLY_WARNING_COUNT, _HOURS, _LINK_COUNT, _DAYS. */
  earlyWarnings: Readonly<EarlyWarningSettings>;
  /** Months after which each outcome's personal data is erased (decision 0040); verified: never when unset. */
  retention: Readonly<RetentionPeriods>;
  /**
   * Monitoring (decision 0030): the bearer token of GET /metrics (no token, no endpoint), and how
   * old a waiting notification or spooled file may grow before the administrators are alerted.
   */
  monitoring: { metricsToken: string | undefined; backlogMinutes: number };
}>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and checks the configuration; throws a ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable (`PORT=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(unknown)');
        const got = present[name];
        return `${name}: ${issue.message}${got === undefined ? ' (it is not set)' : ` (got "${got}")`}`;
      }),
    );
  }
  const values = parsed.data;
  if (values.STORAGE_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !values[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: needed with STORAGE_DRIVER=s3 (it is not set)`));
    }
  }
  // Early warning looks back EARLY_WARNING_DAYS: a span of hours longer than that would never fill.
  if (values.EARLY_WARNING_HOURS / 24 > values.EARLY_WARNING_DAYS) {
    throw new ConfigError([
      `EARLY_WARNING_HOURS: at most EARLY_WARNING_DAYS (${values.EARLY_WARNING_DAYS}) days of hours (got "${values.EARLY_WARNING_HOURS}")`,
    ]);
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  // Per outcome (decision 0040): the retention job's periods, and the ones the privacy policy states.
  const retention = Object.freeze({
    rejected: values.RETENTION_REJECTED_MONTHS ?? values.REPORT_RETENTION_MONTHS,
    closed: values.RETENTION_CLOSED_MONTHS ?? values.REPORT_RETENTION_MONTHS,
    verified: values.RETENTION_VERIFIED_MONTHS,
  });
  return Object.freeze({
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
    publicUrlSet: values.PUBLIC_URL !== undefined,
    onionUrl: values.ONION_URL?.replace(/\/+$/, ''),
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    encryptionKey: values.ENCRYPTION_KEY ? keyBytes(values.ENCRYPTION_KEY) : undefined,
    keyringFile: values.KEYRING_FILE
      ? path.resolve(cwd, values.KEYRING_FILE)
      : path.join(path.resolve(cwd, values.DATA_DIR), 'keyring.json'),
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM ?? values.ORG_EMAIL,
      notify: emailList(values.NOTIFY_EMAILS),
      staffLanguage: values.STAFF_LANGUAGE,
      /** Who hears of an urgent report at once (decision 0024); the staff list when no on-call list is set. */
      onCall: emailList(values.ON_CALL_EMAILS ?? values.NOTIFY_EMAILS),
      /** The hour in Brussels from which the daily digests go out. */
      digestHour: values.DIGEST_HOUR,
    },
    /** The incident types whose reports are urgent; a report whose threat is going on always is. */
    urgentIncidentTypes: Object.freeze(
      (values.URGENT_INCIDENT_TYPES ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter(isIncidentType),
    ),
    trustProxy: values.TRUST_PROXY === 'false' ? false : values.TRUST_PROXY,
    limits: {
      reportsPerHourPerIp: values.REPORTS_PER_HOUR_PER_IP,
      messagesPerHourPerIp: values.MESSAGES_PER_HOUR_PER_IP,
      submissionsPerHour: values.SUBMISSIONS_PER_HOUR,
      submissionsWithoutCheckPerHour: values.SUBMISSIONS_WITHOUT_CHECK_PER_HOUR,
      plainFormPostsPer10MinutesPerIp: values.PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP,
    },
    storage:
      values.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            bucket: values.S3_BUCKET ?? '',
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'local' as const },
    followUp: {
      wrongReceiptsPerHourPerIp: values.WRONG_RECEIPTS_PER_HOUR_PER_IP,
      repliesPerHourPerIp: values.FOLLOW_UP_MESSAGES_PER_HOUR_PER_IP,
    },
    staff: { signInAttemptsPerIp: values.SIGN_IN_ATTEMPTS_PER_IP, idleMinutes: values.STAFF_IDLE_MINUTES },
    uploads: { waitMs: values.UPLOAD_WAIT_SECONDS * 1000, spoolMaxBytes: values.SPOOL_MAX_MB * 1024 * 1024 },
    fileWork: { concurrency: values.FILE_WORK_CONCURRENCY, maxWaiting: values.FILE_WORK_QUEUE },
    figures: { timeLimitMs: values.FIGURES_TIME_LIMIT_SECONDS * 1000 },
    responsePromiseWorkingDays: values.RESPONSE_PROMISE_WORKING_DAYS,
    referralAnswerWorkingDays: values.REFERRAL_ANSWER_WORKING_DAYS,
    earlyWarnings: Object.freeze({
      placeCount: values.EARLY_WARNING_COUNT,
      placeHours: values.EARLY_WARNING_HOURS,
      linkCount: values.EARLY_WARNING_LINK_COUNT,
      days: values.EARLY_WARNING_DAYS,
    }),
    retention,
    monitoring: { metricsToken: values.METRICS_TOKEN, backlogMinutes: values.ALERT_BACKLOG_MINUTES },
    site: Object.freeze({
      organisationName: values.ORG_NAME,
      email: values.ORG_EMAIL,
      phone: values.ORG_PHONE,
      address: values.ORG_ADDRESS || undefined,
      emergencyNumber: values.EMERGENCY_NUMBER,
      policeNumber: values.POLICE_NUMBER,
      quickExitUrl: values.QUICK_EXIT_URL,
      retentionMonths: values.REPORT_RETENTION_MONTHS,
      retentionPeriods: retention,
      smallCellThreshold: values.SMALL_CELL_THRESHOLD,
      openDataLicence: { name: values.OPEN_DATA_LICENCE, url: values.OPEN_DATA_LICENCE_URL },
    }),
  });
}
