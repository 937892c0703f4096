import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { create as createAltchaHelpers } from 'altcha-lib/frameworks/express';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { altchaUsedChallenge } from '../../db/schema.ts';

/** A challenge is valid this long: enough to fill in the report form at a calm pace. */
export const CHALLENGE_LIFETIME_SECONDS = 60 * 60;
/**
 * Proof of work: SHA-256 repeated COST times for each counter the browser tries, up to a random
 * counter in this range. About a second on a phone; costly for a bot sending thousands.
 */
const COST = 10;
const COUNTER_RANGE = [5_000, 15_000] as const;
/**
 * While the site is past its global ceiling of submissions (submission-limits.ts), each challenge
 * asks this many times the work: a few seconds on a phone for a person, far more for a flood.
 */
export const HARDER_FACTOR = 4;

export type AltchaService = {
  /** A new challenge; `harder` while the site is past its global ceiling of submissions. */
  createChallenge(options?: { harder?: boolean }): Promise<unknown>;
  /** True once per solved, unexpired challenge; false for a missing, wrong, expired or replayed one. */
  verify(payload: unknown): Promise<boolean>;
  deleteExpired(): Promise<void>;
};

export function createAltchaService(db: Db, secret: Buffer): AltchaService {
  const hmacSignatureSecret = secret.toString('hex');
  // Used challenges are kept in PostgreSQL until they expire, so that a solution works once on
  // every instance (altcha-lib itself keeps no state).
  const store = {
    get: async () => false,
    set: async () => undefined,
    setIfAbsent: async (challengeId: string) => {
      const inserted = await db
        .insert(altchaUsedChallenge)
        .values({
          challengeId,
          expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_LIFETIME_SECONDS})`,
        })
        .onConflictDoNothing()
        .returning({ challengeId: altchaUsedChallenge.challengeId });
      return inserted.length === 1;
    },
  };
  const helpers = createAltchaHelpers({ deriveKey, hmacSignatureSecret, store });

  return {
    createChallenge: ({ harder = false } = {}) =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: COST,
        counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]) * (harder ? HARDER_FACTOR : 1),
        deriveKey,
        hmacSignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000),
      }),
    verify: async (payload) => {
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 10_000) return false;
      // altcha-lib turns a failing store into "not verified": a database that is away must be
      // told as such (503, try again), not as a wrong proof of work.
      let storeFailure: unknown;
      const watchedStore = {
        ...store,
        setIfAbsent: async (challengeId: string) => {
          try {
            return await store.setIfAbsent(challengeId);
          } catch (error) {
            storeFailure = error;
            throw error;
          }
        },
      };
      const result = await helpers.verify(payload, deriveKey, hmacSignatureSecret, undefined, watchedStore);
      if (storeFailure) throw storeFailure;
      return result.error === null && result.verification?.verified === true;
    },
    deleteExpired: async () => {
      await db.delete(altchaUsedChallenge).where(lt(altchaUsedChallenge.expiresAt, sql`now()`));
    },
  };
}
