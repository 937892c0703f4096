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
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    destination as pino.DestinationStream,
  );
}
