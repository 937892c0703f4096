import path from 'node:path';
import { DEFAULT_REFERRAL_ANSWER_WORKING_DAYS } from '@app/core/casework/referrals';
import type { RetentionPeriods } from '@app/core/casework/retention';
import { SMALL_CELL_DEFAULT_THRESHOLD, SMALL_CELL_MIN_THRESHOLD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES, type IncidentType } from '@app/core/forms/incident-types';
import { DEFAULT_URGENT_INCIDENT_TYPES, isIncidentType } from '@app/core/forms/report-questions';
import type { SiteSettings } from '@app/core/site/site-settings';
import { EARLY_WARNING_DEFAULTS, type EarlyWarningSettings } from '@app/core/staff/early-warnings';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { z } from 'zod';

/**
 * Every setting of the server comes from an environment variable, checked here once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */

/** `expected …`: every message names what the setting takes; loadConfig adds its name and the value. */
const expected = (what: string) => `expected ${what}`;

/** A whole number from `min` to `max`; `what` says it in words when "a whole number between" does not. */
function wholeNumber(min: number, max: number, what = `a whole number between ${min} and ${max}`) {
  const message = expected(what);
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A whole number of `unit` (months, working days…) from `min` to `max`. */
const countOf = (unit: string, min: number, max: number) =>
  wholeNumber(min, max, `a whole number of ${unit} between ${min} and ${max}`);

/** Text of `min` to `max` characters, trimmed. */
const text = (what: string, { min = 1, max = Number.POSITIVE_INFINITY } = {}) =>
  z.string().trim().min(min, expected(what)).max(max, expected(what));

/** An http(s) address. */
const webAddress = (what: string) => z.url({ protocol: /^https?$/, error: expected(what) });

/** One of a few words. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what = `one of ${values.join(', ')}`) =>
  z.enum(values, { error: expected(what) });

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value) && URL.canParse(value), {
    error: expected('a PostgreSQL connection URL such as postgres://user:password@host:5432/database'),
  });

/** A comma-separated list of e-mail addresses (already checked), as a list. */
function emailList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

const emailListSetting = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success), {
    error: expected('one or more email addresses separated by commas'),
  });

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()./-]{1,24}$/, expected('a telephone number such as 112 or +32 3 123 45 67'));

/** 32 bytes written in base64 or hex, or undefined. */
function keyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}

const envSchema = z.object({
  NODE_ENV: oneOf(['production', 'development', 'test']).default('production'),
  HOST: text('a host name or IP address to listen on').default('127.0.0.1'),
  PORT: wholeNumber(1, 65535, 'a port number between 1 and 65535').default(3000),
  PUBLIC_URL: webAddress('the public address of the site, such as https://example.org').optional(),
  ONION_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[a-z2-7]{56}\.onion\/?$/.test(value), {
      error: expected(
        'the address of the site as a tor onion service: http:// and 56 letters and digits ending in .onion, with no path',
      ),
    })
    .optional(),
  DATA_DIR: text('a directory path').default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORG_EMAIL: z
    .email({ error: expected('the email address the public can write to, such as info@example.org') })
    .default('info@example.org'),
  ORG_PHONE: phone.optional(),
  ORG_ADDRESS: text('a postal address of at most 200 characters', { min: 0, max: 200 }).optional(),
  EMERGENCY_NUMBER: phone.default('112'),
  POLICE_NUMBER: phone.default('101'),
  QUICK_EXIT_URL: webAddress('the address of a neutral website, such as https://www.google.com/').default(
    'https://www.google.com/',
  ),
  REPORT_RETENTION_MONTHS: countOf('months', 1, 120).default(24),
  /** Per outcome (decision 0040); rejected and closed default to REPORT_RETENTION_MONTHS, verified to never. */
  RETENTION_REJECTED_MONTHS: countOf('months', 1, 120).optional(),
  RETENTION_CLOSED_MONTHS: countOf('months', 1, 120).optional(),
  RETENTION_VERIFIED_MONTHS: countOf('months', 1, 120).optional(),
  RESPONSE_PROMISE_WORKING_DAYS: countOf('working days', 1, 30).default(2),
  /** A referral without the partner's first answer comes due on the dashboard after this many (decision 0050). */
  REFERRAL_ANSWER_WORKING_DAYS: countOf('working days', 1, 60).default(DEFAULT_REFERRAL_ANSWER_WORKING_DAYS),
  /** Early warning (decision 0052): how many incidents of one type or category in one municipality… */
  EARLY_WARNING_COUNT: wholeNumber(2, 50, 'a whole number of incidents between 2 and 50').default(
    EARLY_WARNING_DEFAULTS.placeCount,
  ),
  /** …within how many hours: whole days, since an incident's date has no time. */
  EARLY_WARNING_HOURS: wholeNumber(24, 720, 'a whole number of hours between 24 and 720')
    .refine((hours) => hours % 24 === 0, {
      error: expected('a multiple of 24 hours (24, 48, 72…): an incident has a date, not a time'),
    })
    .default(EARLY_WARNING_DEFAULTS.placeHours),
  /** How many incidents naming one online address or carrying one tag… */
  EARLY_WARNING_LINK_COUNT: wholeNumber(2, 50, 'a whole number of incidents between 2 and 50').default(
    EARLY_WARNING_DEFAULTS.linkCount,
  ),
  /** …within how many days; also how long a warning takes in new incidents without a new e-mail. */
  EARLY_WARNING_DAYS: countOf('days', 3, 365).default(EARLY_WARNING_DEFAULTS.days),
  SMALL_CELL_THRESHOLD: wholeNumber(SMALL_CELL_MIN_THRESHOLD, 20).default(SMALL_CELL_DEFAULT_THRESHOLD),
  FIGURES_TIME_LIMIT_SECONDS: countOf('seconds', 1, 600).default(20),
  OPEN_DATA_LICENCE: text('a licence name of 1 to 80 characters', { max: 80 }).default('CC BY 4.0'),
  OPEN_DATA_LICENCE_URL: webAddress(
    'the address of the licence text, such as https://creativecommons.org/licenses/by/4.0/',
  ).default('https://creativecommons.org/licenses/by/4.0/'),
  KEYRING_FILE: text('the path of the keyring file').optional(),
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => keyBytes(value)?.length === 32, {
      error: expected(
        '32 random bytes in base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
      ),
    })
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: expected('an SMTP address such as smtps://user:password@mail.example.org:465'),
    })
    .optional(),
  MAIL_FROM: z.email({ error: expected('the sender address of staff notifications') }).optional(),
  NOTIFY_EMAILS: emailListSetting.optional(),
  ON_CALL_EMAILS: emailListSetting.optional(),
  URGENT_INCIDENT_TYPES: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || value.split(',').every((type) => (INCIDENT_TYPES as readonly string[]).includes(type.trim())),
      { error: expected(`incident types separated by commas, among ${INCIDENT_TYPES.join(', ')}, or nothing`) },
    )
    .default(DEFAULT_URGENT_INCIDENT_TYPES.join(',')),
  DIGEST_HOUR: wholeNumber(0, 23, 'an hour from 0 to 23 (Brussels time)').default(7),
  STAFF_LANGUAGE: oneOf(LANGUAGE_CODES as [Language, ...Language[]]).default('en'),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value === 'false' || value === 'loopback' || /^[0-9a-f.:/, ]+$/i.test(value), {
      error: expected(
        'false, loopback, or the IP addresses (or CIDR ranges) of your reverse proxies, separated by commas',
      ),
    })
    .default('false'),
  REPORTS_PER_HOUR_PER_IP: countOf('submissions per hour', 1, 100_000).default(5),
  MESSAGES_PER_HOUR_PER_IP: countOf('submissions per hour', 1, 100_000).default(5),
  SUBMISSIONS_PER_HOUR: countOf('submissions per hour', 1, 100_000).default(300),
  SUBMISSIONS_WITHOUT_CHECK_PER_HOUR: countOf('submissions per hour', 1, 100_000).default(30),
  PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP: countOf('posts', 10, 100_000).default(40),
  WRONG_RECEIPTS_PER_HOUR_PER_IP: countOf('wrong receipts per hour', 3, 1000).default(10),
  FOLLOW_UP_MESSAGES_PER_HOUR_PER_IP: countOf('submissions per hour', 1, 100_000).default(20),
  SIGN_IN_ATTEMPTS_PER_IP: countOf('sign-in attempts per 15 minutes', 5, 100_000).default(20),
  STAFF_IDLE_MINUTES: countOf('minutes', 1, 30).default(30),
  STORAGE_DRIVER: oneOf(['local', 's3'], 'local or s3').default('local'),
  S3_BUCKET: text('the name of the bucket', { min: 3 }).optional(),
  S3_REGION: text('a region such as eu-west-3 or fr-par').default('us-east-1'),
  S3_ENDPOINT: webAddress('the address of the S3 service, such as https://s3.fr-par.scw.cloud').optional(),
  S3_ACCESS_KEY_ID: text('the access key id').optional(),
  S3_SECRET_ACCESS_KEY: text('the secret access key').optional(),
  S3_FORCE_PATH_STYLE: oneOf(['true', 'false'], 'true or false').default('false'),
  UPLOAD_WAIT_SECONDS: countOf('seconds', 1, 30).default(15),
  FILE_WORK_CONCURRENCY: wholeNumber(1, 2, '1 or 2').default(1),
  FILE_WORK_QUEUE: wholeNumber(0, 50).default(8),
  SPOOL_MAX_MB: countOf('megabytes', 50, 100_000).default(1024),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.~+/=-]{32,200}$/, expected('at least 32 characters, such as from: openssl rand -hex 32'))
    .optional(),
  ALERT_BACKLOG_MINUTES: countOf('minutes', 5, 1440).default(30),
  ORG_NAME: text('the name of the organisation (2 to 120 characters)', { min: 2, max: 120 }).default(
    'Community Safety Flanders',
  ),
});

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
