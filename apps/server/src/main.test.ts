import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, useAppProcesses, waitForStart } from './test/app-process.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

const spawnApp = useAppProcesses();

describe('the app process', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('uses the server named by DATABASE_URL, migrates it, and starts no embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-external-'));
    const port = String(await freePort());
    const app = spawnApp({ DATA_DIR: dataDir, PORT: port, DATABASE_URL: database.url });
    try {
      await waitForStart(app);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      const tables = await database.pool.query(
        "select 1 from information_schema.tables where table_name = 'app_setting'",
      );
      expect(tables.rowCount).toBe(1);
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops at start-up with a message naming a wrong setting', async () => {
    const app = spawnApp({ PORT: 'eighty' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('PORT: expected a port number between 1 and 65535 (got "eighty")');
  });
});
