import path from 'node:path';
import type { SiteSettings } from '@app/core/site-settings';
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

function phoneSchema(name: string) {
  return z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()./-]{1,24}$/, `expected a telephone number such as 112 or +32 3 123 45 67 (${name})`);
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
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    nodeEnv: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    site: Object.freeze({
      organisationName: values.ORG_NAME,
      email: values.ORG_EMAIL,
      phone: values.ORG_PHONE,
      address: values.ORG_ADDRESS || undefined,
      emergencyNumber: values.EMERGENCY_NUMBER,
      policeNumber: values.POLICE_NUMBER,
      quickExitUrl: values.QUICK_EXIT_URL,
      retentionMonths: values.REPORT_RETENTION_MONTHS,
    }),
  });
}
