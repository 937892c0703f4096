import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createSubmissionLimits, HARD_CEILING_FACTOR } from './submission-limits.ts';

/**
 * Security review 2026-11-26, finding 8: per-address limits count an IPv6 client by its /64, and
 * the global ceiling quarantines instead of refusing every reporter, up to a hard ceiling.
 */
describe('submission limits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await runMigrations(database.pool);
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  const limitsWith = (settings: { perAddress: number; ceiling: number }) =>
    createSubmissionLimits(database.pool, randomBytes(32), {
      reportsPerHourPerIp: settings.perAddress,
      messagesPerHourPerIp: settings.perAddress,
      submissionsPerHour: settings.ceiling,
      submissionsWithoutCheckPerHour: settings.ceiling,
    });

  it('gives one IPv6 /64 one limit, however many addresses it uses', async () => {
    const limits = limitsWith({ perAddress: 3, ceiling: 1000 });
    const decisions = [];
    for (let index = 1; index <= 5; index++) decisions.push(await limits.consume('report', `2001:db8:77:1::${index}`));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    // The neighbouring /64 is someone else.
    expect((await limits.consume('report', '2001:db8:77:2::1')).allowed).toBe(true);
  });

  it('past the global ceiling keeps submissions in quarantine, past the hard ceiling refuses them', async () => {
    // The global counters are the site's own, one for everybody: this test starts them at zero.
    await database.pool.query('delete from rate_limit');
    const ceiling = 2;
    const limits = limitsWith({ perAddress: 1000, ceiling });
    const outcomes: string[] = [];
    for (let index = 0; index < ceiling * HARD_CEILING_FACTOR + 1; index++) {
      const decision = await limits.consume('message', `198.51.100.${index + 1}`);
      outcomes.push(decision.allowed ? (decision.quarantine ? 'quarantine' : 'kept') : 'refused');
    }
    expect(outcomes.slice(0, ceiling)).toEqual(['kept', 'kept']);
    expect(outcomes.slice(ceiling, -1).every((outcome) => outcome === 'quarantine')).toBe(true);
    expect(outcomes.at(-1)).toBe('refused');
    expect(await limits.isPastCeiling()).toBe(true);
    // The table holds keyed hashes, never an address.
    const keys = await database.pool.query('select key from rate_limit');
    expect(keys.rows.map((row) => row.key).join(' ')).not.toMatch(/198\.51\.100|2001:db8/);
  });
});
