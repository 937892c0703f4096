import path from 'node:path';
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
  organisationName: string;
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
    organisationName: values.ORG_NAME,
  });
}
