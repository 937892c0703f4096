import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Something started before the enclosing describe block's tests (or the file's) and stopped after
 * them. What it returns stands for the started thing: each property is read from it when a test or
 * a later hook uses it (reading one earlier is an error).
 */
function useStarted<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<unknown>,
  timeoutMs?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(() => (started ? stop(started) : undefined));
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`the ${what} has not started: use it in a test or a later hook`);
      return Reflect.get(started, key);
    },
  });
}

/** A site for the enclosing block, started with `env` (see useStarted). */
export function useTestServer(env: Record<string, string> = {}, timeoutMs?: number): TestServer {
  return useStarted(
    'test server',
    () => startTestServer(env),
    (server) => server.close(),
    timeoutMs,
  );
}

/**
 * A site for the enclosing block whose mail goes to a free port of this machine where no SMTP
 * server listens until the test starts one there (`smtpPort`): mail waits in the outbox meanwhile.
 * `env` comes on top of the mail settings (see useStarted).
 */
export function useTestServerWithMailPort(env: Record<string, string> = {}): TestServer & { smtpPort: number } {
  return useStarted(
    'test server',
    async () => {
      const smtpPort = await freePort();
      const server = await startTestServer({
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'site@example.org',
        ...env,
      });
      return { ...server, smtpPort };
    },
    (server) => server.close(),
  );
}

/** A database of its own for the enclosing block, dropped after it (see useStarted). */
export function useTestDatabase(): TestDatabase {
  return useStarted('test database', createTestDatabase, (database) => database.drop());
}
