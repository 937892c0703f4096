import pino from 'pino';

/**
 * Structured JSON logs. Fields that could carry personal data or secrets are redacted
 * wherever they appear, so that a careless log call cannot leak them.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-forwarded-for"]',
  'req.remoteAddress',
  'ip',
  '*.ip',
  'password',
  '*.password',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'firstName',
  '*.firstName',
  'lastName',
  '*.lastName',
  'connectionString',
  '*.connectionString',
];

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream | NodeJS.WritableStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: serializeError } },
    destination as pino.DestinationStream,
  );
}

/** Fields of an error that name what failed, never a value: kept by `serializeError`, all others dropped. */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'errno',
  'syscall',
];

/**
 * The `err` of every log line (security review 2026-11-26, finding 3). A query error of drizzle
 * carries the query's bound values (`params`, and again in its message after `\nparams:`): session
 * tokens, set-password tokens, e-mail addresses. PostgreSQL's own errors may quote values too
 * (`detail`: "Key (email)=(…) already exists", `where`, `internalQuery`, a value after the colon of
 * "invalid input syntax for type uuid: "…""). So an error is written from a list of fields known to
 * hold only names and codes, its message cut before any bound value, its stack without the message,
 * and its causes the same way.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (error === null || typeof error !== 'object') return typeof error === 'string' ? safeMessage(error) : error;
  const source = error as Record<string, unknown>;
  const serialized: Record<string, unknown> = { type: errorName(error) };
  if (typeof source.message === 'string') serialized.message = safeMessage(source.message);
  for (const field of SAFE_ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (typeof source.stack === 'string') {
    const frames = source.stack.split('\n').filter((line) => /^\s+at /.test(line));
    serialized.stack = [`${serialized.type}: ${serialized.message ?? ''}`, ...frames].join('\n');
  }
  if (depth < 3 && source.cause !== undefined) serialized.cause = serializeError(source.cause, depth + 1);
  if (depth < 3 && Array.isArray(source.errors))
    serialized.errors = source.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  return serialized;
}

/** The name and code of an error, and nothing else: for logs of code that is not ours (better-auth, React Router). */
export function errorNameAndCode(error: unknown): { name: string; code?: string } {
  if (error === null || typeof error !== 'object') return { name: typeof error };
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' || typeof code === 'number' ? code : cause?.code;
  return { name: errorName(error), ...(found === undefined ? {} : { code: String(found) }) };
}

/** `DrizzleQueryError` and pg's `DatabaseError` leave `name` as "Error" or "error": their class says more. */
function errorName(error: object): string {
  const { name, type } = error as { name?: unknown; type?: unknown };
  const className = error.constructor?.name;
  if (typeof name === 'string' && name.toLowerCase() !== 'error') return name;
  if (className && className !== 'Object') return className;
  // A plain object: one `serializeError` already wrote (its `type`), or a `{ message }` of our own.
  return typeof type === 'string' ? type : 'Error';
}

/** A message without the bound values drizzle appends, and without a value PostgreSQL quotes after a colon. */
function safeMessage(message: string): string {
  const cut = message.split('\nparams:')[0] ?? '';
  return cut.replace(/: ".*$/gm, ': "[value]"');
}
