import type pg from 'pg';
import type { Logger } from '../logger.ts';
import type { ObjectMetadata, StorageDriver } from './storage-driver.ts';
import { StorageError, type StorageErrorCode } from './storage-error.ts';

/** A claim outlives one upload's budget (10 minutes, the storage driver's policy) with room to spare. */
const CLAIM_MINUTES = 15;
/** Between two failed moves of a file: 1 minute, doubling, up to an hour (each move retries inside too). */
const FIRST_PAUSE_MS = 60_000;
const LONGEST_PAUSE_MS = 60 * 60_000;

export type SpoolMoveOutcome = { moved: number; failed: number; errors: StorageErrorCode[] };

export type SpoolMover = {
  /**
   * Moves every file due now, one at a time; resolves when none is left that this instance may
   * take, or once `signal` aborts (the instance is stopping: the file on its way is left for later).
   */
  moveDue(now?: Date, signal?: AbortSignal): Promise<SpoolMoveOutcome>;
  /** Look now (a file was just spooled): asks the job runner, once one is attached. */
  kick(): void;
  /** What `kick` does: the job runner's `spool-mover` job, run at once (apps/server/src/jobs). */
  kickWith(trigger: (() => void) | undefined): void;
};

/** The pause before the next try after `attempts` failed ones, with up to 10 % jitter. */
export function pauseAfter(attempts: number, random = Math.random): number {
  const base = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + random() / 10));
}

/**
 * Moves spooled files to the storage (decision 0025), as the job runner's `spool-mover` job (decision
 * 0035). Two moves may still run at once (a kick while the job runs, any instance): a file is claimed
 * with `for update skip locked` and a lease (claimed_until), so two instances never move the same
 * file at once, and a file whose mover died is taken again once its lease ends. The storage
 * driver applies the spec's retry policy to each move (2 minutes per operation, 10 per upload,
 * pauses doubling to 64 s with jitter); a move that fails is tried again later, with pauses
 * doubling from a minute to an hour, for as long as it takes: a spooled file is never dropped.
 * The row goes only once the storage holds the bytes, and only if they are still the bytes moved
 * (key rotation may have re-sealed them meanwhile: then the newer bytes are moved next time).
 * Retention may erase the report while its file is on its way (security review of 2026-11-26,
 * finding 11): once the bytes have landed, the mover looks again, and if the file's attachment row
 * is gone or its report erased, it deletes what it just wrote. Retention commits the erasure before
 * it deletes the files, so either the mover sees the erasure and deletes its copy, or it does not,
 * and retention's delete, which then comes after the copy landed, removes it.
 */
export function createSpoolMover({
  pool,
  driver,
  logger,
  onMoved,
  onError,
}: {
  pool: Pick<pg.Pool, 'query'>;
  /** The storage itself (not the spooling store: the move must reach the folder or the bucket). */
  driver: StorageDriver;
  logger: Logger;
  onMoved?: () => void;
  onError?: (code: StorageErrorCode) => void;
}): SpoolMover {
  let trigger: (() => void) | undefined;

  const claim = async (now: Date) => {
    const { rows } = await pool.query<{
      full_path: string;
      data: Buffer;
      metadata: ObjectMetadata;
      version: number;
      attempts: number;
    }>(
      `update spooled_file
          set claimed_until = $1::timestamptz + make_interval(mins => ${CLAIM_MINUTES}), attempts = attempts + 1
        where full_path = (
          select full_path from spooled_file
           where next_attempt_at <= $1 and (claimed_until is null or claimed_until < $1)
           order by created_at
           limit 1
           for update skip locked)
        returning full_path, data, metadata, version, attempts`,
      [now],
    );
    return rows[0];
  };

  /** Whether a spooled file still belongs to a report whose personal data is kept. */
  const stillKept = async (fullPath: string) => {
    const { rowCount } = await pool.query(
      `select 1 from report_attachment
         join report on report.id = report_attachment.report_id
        where report_attachment.full_path = $1 and report.personal_data_erased_at is null`,
      [fullPath],
    );
    return (rowCount ?? 0) > 0;
  };

  /** The file of an erased report: no copy of it stays, in the storage or in the spool. */
  const dropErased = async (fullPath: string) => {
    await driver.delete(fullPath);
    await pool.query(`delete from spooled_file where full_path = $1`, [fullPath]);
  };

  const moveOne = async (
    now: Date,
    signal: AbortSignal,
  ): Promise<'moved' | 'dropped' | 'stopped' | StorageErrorCode | 'none'> => {
    const file = await claim(now);
    if (!file) return 'none';
    try {
      if (!(await stillKept(file.full_path))) {
        await dropErased(file.full_path);
        return 'dropped';
      }
      const metadata = await driver.put(file.full_path, file.data, {
        contentType: file.metadata.contentType,
        customMetadata: file.metadata.customMetadata,
        signal,
      });
      if (!(await stillKept(file.full_path))) {
        // Erased while the bytes were on their way: what just landed must not outlive the erasure.
        await dropErased(file.full_path);
        return 'dropped';
      }
      const removed = await pool.query(`delete from spooled_file where full_path = $1 and version = $2`, [
        file.full_path,
        file.version,
      ]);
      if (!removed.rowCount) {
        // Re-sealed while it moved: the newer bytes go next time.
        await pool.query(`update spooled_file set claimed_until = null where full_path = $1`, [file.full_path]);
        return 'moved';
      }
      // The attachment row describes the stored object: its generation and time are the storage's now.
      await pool.query(`update report_attachment set generation = $2, updated = $3 where full_path = $1`, [
        file.full_path,
        metadata.generation,
        metadata.updated,
      ]);
      onMoved?.();
      return 'moved';
    } catch (error) {
      const code = error instanceof StorageError ? error.code : 'unknown';
      if (signal.aborted && code === 'canceled') {
        // The instance is shutting down: the file is free for the next mover, no try counted.
        await pool.query(`update spooled_file set claimed_until = null, attempts = attempts - 1 where full_path = $1`, [
          file.full_path,
        ]);
        return 'stopped';
      }
      await pool.query(
        `update spooled_file
            set claimed_until = null, last_error_code = $2,
                next_attempt_at = $3::timestamptz + make_interval(secs => $4::double precision / 1000)
          where full_path = $1`,
        [file.full_path, code, now, pauseAfter(file.attempts)],
      );
      onError?.(code);
      // The code only: the path names a report.
      logger.warn({ code, attempts: file.attempts }, 'a spooled file could not be moved to storage; it stays spooled');
      return code;
    }
  };

  const moveDue = async (now = new Date(), signal = new AbortController().signal): Promise<SpoolMoveOutcome> => {
    const outcome: SpoolMoveOutcome = { moved: 0, failed: 0, errors: [] };
    while (!signal.aborted) {
      const result = await moveOne(now, signal);
      if (result === 'none' || result === 'stopped') break;
      if (result === 'moved') outcome.moved += 1;
      else if (result === 'dropped') continue;
      else {
        outcome.failed += 1;
        outcome.errors.push(result);
      }
    }
    return outcome;
  };

  return {
    moveDue,
    kick: () => trigger?.(),
    kickWith(next) {
      trigger = next;
    },
  };
}
