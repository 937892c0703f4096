import { afterAll, beforeAll } from 'vitest';
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

/** A database of its own for the enclosing block, dropped after it (see useStarted). */
export function useTestDatabase(): TestDatabase {
  return useStarted('test database', createTestDatabase, (database) => database.drop());
}
