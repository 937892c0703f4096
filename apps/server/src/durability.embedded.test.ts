// Runs in the embedded-database project only (see vitest.config.ts): kill -9 of the app and its database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppProcesses } from './test/app-process.ts';
import { runKillCycles } from './test/kill-cycles.ts';

// Each cycle starts the app and its database and kills both: 8 in CI; `npm run kill-cycles` runs 100.
const CYCLES = 8;
const spawnApp = useAppProcesses();

describe('kill -9 right after an acknowledged report', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-kill-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`loses no acknowledged report over ${CYCLES} cycles, and the app starts again every time`, async () => {
    const result = await runKillCycles(dataDir, CYCLES, spawnApp);
    expect(result.acknowledged).toHaveLength(CYCLES);
    expect(result.lost).toEqual([]);
    expect(result.stored.sort()).toEqual(result.acknowledged.sort());
  }, 600_000);
});
