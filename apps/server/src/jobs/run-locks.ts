import type pg from 'pg';
import type { Logger } from '../logger.ts';

/**
 * The first half of the jobs' advisory lock keys (two 32-bit keys: a space apart from the
 * migrations' and the alert check's 64-bit keys).
 */
const JOB_LOCK_SPACE = 0x6a6f6273; // "jobs"

export type RunLocks = {
  /** Whether this instance now holds the job's lock: false while a run of it is under way anywhere. */
  take(job: string): Promise<boolean>;
  /** Lets the next run of the job start, here or on another instance. Never throws. */
  give(job: string): Promise<void>;
  /** Gives every lock back and closes the locks' connection. */
  close(): Promise<void>;
};

/**
 * One run of each job at a time across the instances (decision 0035). A run added beside one under
 * way (a kick, the minute line that brings a chain back, a minute of a crontab line while the
 * last one still runs), on this instance or another, finds the job taken and ends at once; the run under way adds the
 * next one when it ends. The locks are session advisory locks on one connection of this
 * instance's own, so an instance that is killed frees its locks with its connection: no run waits
 * hours for a lock nobody holds (the library's own lock of a killed run lasts 4 hours).
 */
export function createRunLocks(pool: pg.Pool, logger: Logger): RunLocks {
  let session: Promise<pg.PoolClient> | undefined;
  // The jobs running on this instance. A session's advisory locks stack: the connection that
  // holds a job's lock takes it again at once, so a second run here (the minute line or a kick
  // adds one beside a run of its own key under way, and another of this runner's slots picks it
  // up) is refused here, before the database is asked.
  const running = new Set<string>();
  // One statement at a time on the connection: the next waits for the last.
  let queue: Promise<unknown> = Promise.resolve();

  /** Drops the connection once: its locks, if any are left, end with it. */
  const drop = (opening: Promise<pg.PoolClient>, client: pg.PoolClient) => {
    if (session !== opening) return;
    session = undefined;
    client.release(true);
  };

  const open = () => {
    if (session) return session;
    const opening: Promise<pg.PoolClient> = pool.connect().then((client) => {
      // A lost connection has lost its locks with it: the next statement opens another.
      client.on('error', (error) => {
        logger.warn({ err: error }, 'the job locks connection was lost; it is opened again');
        drop(opening, client);
      });
      return client;
    });
    session = opening;
    opening.catch(() => {
      if (session === opening) session = undefined;
    });
    return opening;
  };

  const statement = async <T extends pg.QueryResultRow>(text: string, job: string) => {
    const next = queue.then(async () => {
      const opening = open();
      const client = await opening;
      try {
        return await client.query<T>(text, [JOB_LOCK_SPACE, job]);
      } catch (error) {
        // Whatever failed, this connection's locks can no longer be trusted.
        drop(opening, client);
        throw error;
      }
    });
    queue = next.catch(() => {});
    return next;
  };

  return {
    async take(job) {
      if (running.has(job)) return false;
      running.add(job);
      try {
        const { rows } = await statement<{ taken: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as taken',
          job,
        );
        if (rows[0]?.taken === true) return true;
      } catch (error) {
        running.delete(job);
        throw error;
      }
      running.delete(job);
      return false;
    },
    async give(job) {
      if (!running.has(job)) return;
      await statement('select pg_advisory_unlock($1, hashtext($2))', job).catch((error: unknown) =>
        logger.warn({ job, err: error }, 'a job lock could not be given back; its connection is opened again'),
      );
      running.delete(job);
    },
    async close() {
      await queue;
      running.clear();
      const current = session;
      session = undefined;
      const client = await current?.catch(() => undefined);
      if (!client) return;
      await client.query('select pg_advisory_unlock_all()').catch(() => {});
      client.release();
    },
  };
}
