import type { BetterAuthOptions } from 'better-auth';
import { errorNameAndCode, type Logger } from '../logger.ts';

type BetterAuthLogger = NonNullable<BetterAuthOptions['logger']>;

/**
 * better-auth's logger, through ours (security review 2026-11-26, finding 3). Its default prints
 * whole errors to the console: a failed session lookup prints drizzle's query error, whose bound
 * value is the raw session token. Here an error argument becomes its name and code only; other
 * arguments are dropped, and of better-auth's own message only the first line is kept.
 */
export function betterAuthLogger(logger: Logger): BetterAuthLogger {
  return {
    level: 'warn',
    log(level, message, ...args) {
      const errors = args.filter((arg) => arg instanceof Error).map(errorNameAndCode);
      const text = String(message).split('\n')[0]?.slice(0, 200) ?? '';
      logger[level]({ source: 'better-auth', ...(errors.length ? { errors } : {}) }, `better-auth: ${text}`);
    },
  };
}
