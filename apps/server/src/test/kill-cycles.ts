import path from 'node:path';
import pg from 'pg';
import { createEncryption, loadMasterKey } from '../crypto/encryption.ts';
import { createLogger } from '../logger.ts';
import { type AppProcess, freePort, spawnApp, waitForStart } from './app-process.ts';
import { postReport, reportPayload, solveAltcha } from './submission-helpers.ts';

export type KillCyclesResult = { acknowledged: string[]; stored: string[]; lost: string[] };

const DAY = '2026-01-15';

/**
 * Starts the app on its embedded database, sends one report and kills the app with SIGKILL the
 * moment the report is acknowledged (201); again and again. Then every acknowledged report must be
 * in the database. Each report carries a marker in its (sealed) police report number.
 */
export async function runKillCycles(
  dataDir: string,
  cycles: number,
  start: (env: Record<string, string>) => AppProcess = spawnApp,
  onCycle: (cycle: number) => void = () => {},
): Promise<KillCyclesResult> {
  const port = String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn', REPORTS_PER_HOUR_PER_IP: '100000' };
  const acknowledged: string[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    const app = start(env);
    await waitForStart(app, 60_000);
    const marker = `KILL-${cycle}-${Date.now()}`;
    const sent = await postReport(baseUrl, {
      payload: reportPayload({ policeReportNumber: marker, date: DAY }),
      altcha: await solveAltcha(baseUrl),
    });
    // Killed right after the answer: nothing gets a chance to flush or to shut down.
    app.child.kill('SIGKILL');
    await app.exited;
    if (sent.status !== 201) throw new Error(`cycle ${cycle}: the report got ${sent.status}`);
    acknowledged.push(marker);
    onCycle(cycle);
  }

  // A last, clean start (it also takes over the database the last kill left running).
  const app = start(env);
  await waitForStart(app, 60_000);
  try {
    const client = new pg.Client({ host: path.join(dataDir, 'postgres'), user: 'postgres', database: 'app' });
    await client.connect();
    const { rows } = await client
      .query<{ sealed: string }>('select police_report_number as sealed from report where incident_date = $1', [DAY])
      .finally(() => client.end());
    const encryption = createEncryption(loadMasterKey(undefined, dataDir, createLogger('silent')));
    const stored = rows.map((row) => encryption.openText(row.sealed));
    return { acknowledged, stored, lost: acknowledged.filter((marker) => !stored.includes(marker)) };
  } finally {
    app.child.kill('SIGTERM');
    await app.exited;
  }
}
