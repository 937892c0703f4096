import { Writable } from 'node:stream';
import type { PublicFigures } from '@app/core/figures/public-figures';
import { protectFigures } from '@app/core/figures/public-figures-protection';
import { sparseFigures } from '@app/core/figures/sample-figures';
import { WITHHELD } from '@app/core/figures/small-cells';
import { todayInBelgium } from '@app/core/site/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerStopped } from '../../bounded-worker.ts';
import { createLogger } from '../../logger.ts';
import { setCaseworkByHand } from '../../test/casework-by-hand.ts';
import { storeReport } from '../../test/stored-report.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createPublicFigures, type PublicFiguresOptions, protectInWorker, readRawFigures } from './public-figures.ts';

let server: TestServer;
const lastYear = Number(todayInBelgium().slice(0, 4)) - 1;

/** A verified incident of last year, as staff record it. */
async function verified(date: string, type: string, province: string) {
  const reportId = await storeReport(server.services, { date, type });
  await server.database.pool.query(`update report set status = 'in_review' where id = $1`, [reportId]);
  await setCaseworkByHand(server.database.pool, reportId, { status: 'verified', municipality: 'Gemeente', province });
}

/** Every published count of a set of figures, with where it stands. */
function everyCount(figures: PublicFigures) {
  const counts: [string, number][] = [];
  const row = (where: string, byType: readonly number[], total: number) => {
    for (const [index, count] of byType.entries()) counts.push([`${where} ${figures.types[index]}`, count]);
    counts.push([`${where} total`, total]);
  };
  for (const month of figures.months) row(month.month, month.byType, month.total);
  for (const period of [...figures.years, figures.samePeriodLastYear]) {
    const where = `${period.from}…${period.to}`;
    row(where, period.byType, period.total);
    for (const province of period.provinces) row(`${where} ${province.province}`, province.byType, province.total);
  }
  return counts;
}

/** The warnings written by the figures, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('warn', stream), lines };
}

beforeAll(async () => {
  server = await startTestServer();
  // Three incidents of a year, each alone in its month and province: small cells everywhere.
  await verified(`${lastYear}-03-04`, 'verbal', 'antwerp');
  await verified(`${lastYear}-03-18`, 'verbal', 'antwerp');
  await verified(`${lastYear}-06-09`, 'letter', 'limburg');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('the small-cell worker has a time limit (security review finding 11)', () => {
  it('stops a worker past its time limit, and gives the rule’s own figures within it', async () => {
    const raw = sparseFigures(19, 20, 2);
    const late = protectInWorker(raw, 3, { timeLimitMs: 5 });
    await expect(late).rejects.toBeInstanceOf(WorkerStopped);
    await expect(late).rejects.toMatchObject({ reason: 'timeout' });
    expect(await protectInWorker(raw, 3)).toEqual(protectFigures(raw, 3));
  });

  it('withholds every count but zero when the rule runs out of time before it ever finished', async () => {
    const { logger, lines } = capturedLogger();
    const figures = createPublicFigures(server.services.db, server.services.siteRevision, 3, {
      timeLimitMs: 5,
      logger,
    });
    const shown = everyCount(await figures());
    const exact = new Map(everyCount(protectFigures(await readRawFigures(server.services.db), 3)));
    expect(shown.length).toBe(exact.size);
    expect(shown.filter(([, count]) => count === WITHHELD).length).toBeGreaterThan(0);
    for (const [where, count] of shown) {
      // Nothing the rule would hide is shown; what it shows as zero stays zero.
      expect([0, WITHHELD], where).toContain(count);
      if (exact.get(where) === 0) expect(count, where).toBe(0);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: 'timeout', fallback: 'every-count-withheld', timeLimitMs: 5 });
    // The reason and the fallback only: no count, date or place in the warning.
    const { level, time, pid, hostname, msg, ...fields } = lines[0] ?? {};
    expect(Object.keys(fields).sort()).toEqual(['fallback', 'reason', 'timeLimitMs']);
    expect(msg).toBe('the small-cell rule did not finish; public figures fall back');
    // The same counts do not start another worker: the answer is kept.
    expect(everyCount(await figures())).toEqual(shown);
    expect(lines).toHaveLength(1);
  });

  it('keeps serving the last figures it protected when the rule runs out of time on new counts', async () => {
    const { logger, lines } = capturedLogger();
    const options: PublicFiguresOptions = { logger };
    const figures = createPublicFigures(server.services.db, server.services.siteRevision, 3, options);
    const good = await figures();
    expect(good).toEqual(protectFigures(await readRawFigures(server.services.db), 3));
    expect(lines).toHaveLength(0);
    // A new verified incident changes the counts, and this time the rule does not finish.
    await verified(`${lastYear}-06-21`, 'letter', 'limburg');
    options.timeLimitMs = 5;
    expect(await figures()).toEqual(good);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reason: 'timeout', fallback: 'last-protected-figures' });
  });
});
