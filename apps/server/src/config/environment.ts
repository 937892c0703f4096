import { DEFAULT_REFERRAL_ANSWER_WORKING_DAYS } from '@app/core/casework/referrals';
import { SMALL_CELL_DEFAULT_THRESHOLD, SMALL_CELL_MIN_THRESHOLD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { DEFAULT_URGENT_INCIDENT_TYPES } from '@app/core/forms/report-questions';
import { EARLY_WARNING_DEFAULTS } from '@app/core/staff/early-warnings';
import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { z } from 'zod';
import {
  countOf,
  emailListSetting,
  expected,
  keyBytes,
  oneOf,
  phone,
  postgresUrl,
  text,
  webAddress,
  wholeNumber,
} from './setting-kinds.ts';

/**
 * Every environment variable the server reads, with what it takes and its default: `.env.example`
 * documents each one; keep the two in step. config.ts turns the values into the Config.
 */
export const envSchema = z.object({
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
