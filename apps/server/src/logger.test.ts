import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

/** What one log call writes, as parsed JSON and as text. */
function logged(write: (logger: ReturnType<typeof createLogger>) => void) {
  const lines: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    }),
  );
  write(logger);
  return { text: lines.join(''), line: JSON.parse(lines[0] ?? '{}') };
}

describe("the logger's err serializer", () => {
  it("keeps a query error's name, code and query, and drops its bound values wherever they sit", () => {
    const cause = new pg.DatabaseError('duplicate key value violates unique constraint "staff_user_email"', 0, 'error');
    Object.assign(cause, {
      code: '23505',
      constraint: 'staff_user_email',
      table: 'staff_user',
      detail: 'Key (email)=(owner@example.org) already exists.',
      where: 'SQL function "x" statement 1: owner@example.org',
    });
    const error = new DrizzleQueryError('insert into "staff_user" ("email") values ($1)', ['owner@example.org'], cause);
    const { text, line } = logged((logger) => logger.error({ err: error }, 'failed'));
    expect(text).not.toContain('owner@example.org');
    expect(line.err.type).toBe('DrizzleQueryError');
    expect(line.err.message).toBe('Failed query: insert into "staff_user" ("email") values ($1)');
    expect(line.err.stack).toMatch(/^DrizzleQueryError: Failed query: insert .*\n\s+at /);
    expect(line.err.cause).toMatchObject({ type: 'DatabaseError', code: '23505', constraint: 'staff_user_email' });
  });

  it('hides a value PostgreSQL quotes in its message, also in a plain { message } logged by our own code', () => {
    const { text, line } = logged((logger) =>
      logger.warn({ err: { message: 'invalid input syntax for type uuid: "secret-token-value"' } }, 'failed'),
    );
    expect(text).not.toContain('secret-token-value');
    expect(line.err.message).toBe('invalid input syntax for type uuid: "[value]"');
  });
});
