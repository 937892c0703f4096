import path from 'node:path';
import { INCIDENT_TYPES, type IncidentType } from '@app/core/incident-types';
import { DEFAULT_URGENT_INCIDENT_TYPES, isIncidentType } from '@app/core/report-questions';
import type { SiteSettings } from '@app/core/site-settings';
import { SMALL_CELL_DEFAULT_THRESHOLD, SMALL_CELL_MIN_THRESHOLD } from '@app/core/small-cells';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { z } from 'zod';

/**
 * Every setting of the server comes from an environment variable, checked here once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */
const portSchema = z.coerce
  .number({ error: 'expected a port number between 1 and 65535' })
  .int('expected a whole number between 1 and 65535')
  .min(1, 'expected a port number between 1 and 65535')
  .max(65535, 'expected a port number between 1 and 65535');

const postgresUrlSchema = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value) && URL.canParse(value), {
    error: 'expected a PostgreSQL connection URL such as postgres://user:password@host:5432/database',
  });

/** A comma-separated list of e-mail addresses (already checked), as a list. */
function emailList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

function phoneSchema(name: string) {
  return z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()./-]{1,24}$/, `expected a telephone number such as 112 or +32 3 123 45 67 (${name})`);
}

function perHour(name: string) {
  return z.coerce
    .number({ error: `expected a whole number of submissions per hour (${name})` })
    .int(`expected a whole number of submissions per hour (${name})`)
    .min(1, `expected at least 1 submission per hour (${name})`)
    .max(100_000, `expected at most 100000 submissions per hour (${name})`);
}

/** 32 bytes written in base64 or hex, or undefined. */
function keyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}

const envSchema = z.object({
  NODE_ENV: z
    .enum(['production', 'development', 'test'], {
      error: 'expected one of production, development, test',
    })
    .default('production'),
  HOST: z.string().trim().min(1, 'expected a host name or IP address to listen on').default('127.0.0.1'),
  PORT: portSchema.default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'expected the public address of the site, such as https://example.org' })
    .optional(),
  DATA_DIR: z.string().trim().min(1, 'expected a directory path').default('./data'),
  DATABASE_URL: postgresUrlSchema.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ORG_EMAIL: z
    .email({ error: 'expected the email address the public can write to, such as info@example.org' })
    .default('info@example.org'),
  ORG_PHONE: phoneSchema('ORG_PHONE').optional(),
  ORG_ADDRESS: z.string().trim().max(200, 'expected a postal address of at most 200 characters').optional(),
  EMERGENCY_NUMBER: phoneSchema('EMERGENCY_NUMBER').default('112'),
  POLICE_NUMBER: phoneSchema('POLICE_NUMBER').default('101'),
  QUICK_EXIT_URL: z
    .url({ protocol: /^https?$/, error: 'expected the address of a neutral website, such as https://www.google.com/' })
    .default('https://www.google.com/'),
  REPORT_RETENTION_MONTHS: z.coerce
    .number({ error: 'expected a whole number of months between 1 and 120' })
    .int('expected a whole number of months between 1 and 120')
    .min(1, 'expected a whole number of months between 1 and 120')
    .max(120, 'expected a whole number of months between 1 and 120')
    .default(24),
  RESPONSE_PROMISE_WORKING_DAYS: z.coerce
    .number({ error: 'expected a whole number of working days between 1 and 30' })
    .int('expected a whole number of working days between 1 and 30')
    .min(1, 'expected a whole number of working days between 1 and 30')
    .max(30, 'expected a whole number of working days between 1 and 30')
    .default(2),
  SMALL_CELL_THRESHOLD: z.coerce
    .number({ error: 'expected a whole number between 3 and 20' })
    .int('expected a whole number between 3 and 20')
    .min(SMALL_CELL_MIN_THRESHOLD, 'expected a whole number between 3 and 20')
    .max(20, 'expected a whole number between 3 and 20')
    .default(SMALL_CELL_DEFAULT_THRESHOLD),
  FIGURES_TIME_LIMIT_SECONDS: z.coerce
    .number({ error: 'expected a whole number of seconds between 1 and 600' })
    .int('expected a whole number of seconds between 1 and 600')
    .min(1, 'expected a whole number of seconds between 1 and 600')
    .max(600, 'expected a whole number of seconds between 1 and 600')
    .default(20),
  OPEN_DATA_LICENCE: z
    .string()
    .trim()
    .min(1)
    .max(80, 'expected a licence name of at most 80 characters')
    .default('CC BY 4.0'),
  OPEN_DATA_LICENCE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'expected the address of the licence text, such as https://creativecommons.org/licenses/by/4.0/',
    })
    .default('https://creativecommons.org/licenses/by/4.0/'),
  KEYRING_FILE: z.string().trim().min(1, 'expected the path of the keyring file').optional(),
  ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => keyBytes(value)?.length === 32, {
      error:
        'expected 32 random bytes in base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32',
    })
    .optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'expected an SMTP address such as smtps://user:password@mail.example.org:465' })
    .optional(),
  MAIL_FROM: z.email({ error: 'expected the sender address of staff notifications' }).optional(),
  NOTIFY_EMAILS: z
    .string()
    .trim()
    .refine((value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success), {
      error: 'expected one or more email addresses separated by commas',
    })
    .optional(),
  ON_CALL_EMAILS: z
    .string()
    .trim()
    .refine((value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success), {
      error: 'expected one or more email addresses separated by commas',
    })
    .optional(),
  URGENT_INCIDENT_TYPES: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || value.split(',').every((type) => (INCIDENT_TYPES as readonly string[]).includes(type.trim())),
      { error: `expected incident types separated by commas, among ${INCIDENT_TYPES.join(', ')}, or nothing` },
    )
    .default(DEFAULT_URGENT_INCIDENT_TYPES.join(',')),
  DIGEST_HOUR: z.coerce
    .number({ error: 'expected an hour from 0 to 23 (Brussels time)' })
    .int({ error: 'expected an hour from 0 to 23 (Brussels time)' })
    .min(0, { error: 'expected an hour from 0 to 23 (Brussels time)' })
    .max(23, { error: 'expected an hour from 0 to 23 (Brussels time)' })
    .default(7),
  STAFF_LANGUAGE: z
    .enum(LANGUAGE_CODES as [Language, ...Language[]], { error: 'expected one of en, fr, nl, he, yi' })
    .default('en'),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value === 'false' || value === 'loopback' || /^[0-9a-f.:/, ]+$/i.test(value), {
      error:
        'expected false, loopback, or the IP addresses (or CIDR ranges) of your reverse proxies, separated by commas',
    })
    .default('false'),
  REPORTS_PER_HOUR_PER_IP: perHour('REPORTS_PER_HOUR_PER_IP').default(5),
  MESSAGES_PER_HOUR_PER_IP: perHour('MESSAGES_PER_HOUR_PER_IP').default(5),
  SUBMISSIONS_PER_HOUR: perHour('SUBMISSIONS_PER_HOUR').default(300),
  SUBMISSIONS_WITHOUT_CHECK_PER_HOUR: perHour('SUBMISSIONS_WITHOUT_CHECK_PER_HOUR').default(30),
  PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP: z.coerce
    .number({ error: 'expected a whole number of posts between 10 and 100000' })
    .int('expected a whole number of posts between 10 and 100000')
    .min(10, 'expected a whole number of posts between 10 and 100000')
    .max(100_000, 'expected a whole number of posts between 10 and 100000')
    .default(40),
  WRONG_RECEIPTS_PER_HOUR_PER_IP: z.coerce
    .number({ error: 'expected a whole number of wrong receipts per hour between 3 and 1000' })
    .int('expected a whole number of wrong receipts per hour between 3 and 1000')
    .min(3, 'expected a whole number of wrong receipts per hour between 3 and 1000')
    .max(1000, 'expected a whole number of wrong receipts per hour between 3 and 1000')
    .default(10),
  FOLLOW_UP_MESSAGES_PER_HOUR_PER_IP: perHour('FOLLOW_UP_MESSAGES_PER_HOUR_PER_IP').default(20),
  SIGN_IN_ATTEMPTS_PER_IP: z.coerce
    .number({ error: 'expected a whole number of sign-in attempts per 15 minutes' })
    .int('expected a whole number of sign-in attempts per 15 minutes')
    .min(5, 'expected at least 5 sign-in attempts per 15 minutes')
    .max(100_000, 'expected at most 100000 sign-in attempts per 15 minutes')
    .default(20),
  STAFF_IDLE_MINUTES: z.coerce
    .number({ error: 'expected a whole number of minutes between 1 and 30' })
    .int('expected a whole number of minutes between 1 and 30')
    .min(1, 'expected a whole number of minutes between 1 and 30')
    .max(30, 'expected a whole number of minutes between 1 and 30')
    .default(30),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
  S3_BUCKET: z.string().trim().min(3, 'expected the name of the bucket').optional(),
  S3_REGION: z.string().trim().min(1, 'expected a region such as eu-west-3 or fr-par').default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected the address of the S3 service, such as https://s3.fr-par.scw.cloud' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, 'expected the access key id').optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1, 'expected the secret access key').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'expected true or false' }).default('false'),
  UPLOAD_WAIT_SECONDS: z.coerce
    .number({ error: 'expected a whole number of seconds between 1 and 30' })
    .int('expected a whole number of seconds between 1 and 30')
    .min(1, 'expected a whole number of seconds between 1 and 30')
    .max(30, 'expected a whole number of seconds between 1 and 30')
    .default(15),
  FILE_WORK_CONCURRENCY: z.coerce
    .number({ error: 'expected 1 or 2' })
    .int('expected 1 or 2')
    .min(1, 'expected 1 or 2')
    .max(2, 'expected 1 or 2')
    .default(1),
  FILE_WORK_QUEUE: z.coerce
    .number({ error: 'expected a whole number between 0 and 50' })
    .int('expected a whole number between 0 and 50')
    .min(0, 'expected a whole number between 0 and 50')
    .max(50, 'expected a whole number between 0 and 50')
    .default(8),
  SPOOL_MAX_MB: z.coerce
    .number({ error: 'expected a whole number of megabytes between 50 and 100000' })
    .int('expected a whole number of megabytes between 50 and 100000')
    .min(50, 'expected a whole number of megabytes between 50 and 100000')
    .max(100_000, 'expected a whole number of megabytes between 50 and 100000')
    .default(1024),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.~+/=-]{32,200}$/, 'expected at least 32 characters, such as from: openssl rand -hex 32')
    .optional(),
  ALERT_BACKLOG_MINUTES: z.coerce
    .number({ error: 'expected a whole number of minutes between 5 and 1440' })
    .int('expected a whole number of minutes between 5 and 1440')
    .min(5, 'expected a whole number of minutes between 5 and 1440')
    .max(1440, 'expected a whole number of minutes between 5 and 1440')
    .default(30),
  ORG_NAME: z
    .string()
    .trim()
    .min(2, 'expected the name of the organisation (2 to 120 characters)')
    .max(120, 'expected the name of the organisation (2 to 120 characters)')
    .default('Community Safety Flanders'),
});

export type Config = Readonly<{
  nodeEnv: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** The site's public origin without a trailing slash, used for canonical and hreflang links. */
  publicUrl: string;
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
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
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
      smallCellThreshold: values.SMALL_CELL_THRESHOLD,
      openDataLicence: { name: values.OPEN_DATA_LICENCE, url: values.OPEN_DATA_LICENCE_URL },
    }),
  });
}
