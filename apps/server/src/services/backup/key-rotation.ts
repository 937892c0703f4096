import type pg from 'pg';
import { createEncryption, type Encryption, sqlKeyIdOf } from '../../crypto/encryption.ts';
import {
  introduceKey,
  KEYRING_RECHECK_MS,
  type KeyPurpose,
  KeyringError,
  type KeyringState,
  keyringFileIsUnwrapped,
  readKeyringState,
  retireKeys,
  staticKeyring,
  writeKeyringState,
} from '../../crypto/keyring.ts';
import { databaseOn } from '../../db/database.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import { indexMissingReports } from '../casework/search-index.ts';

/** Every sealed column of every table (decision 0023): what a data key rotation re-seals. */
export const SEALED_COLUMNS = [
  {
    table: 'report',
    columns: [
      'personal_data',
      'incident_time',
      'location',
      'description',
      'police_report_number',
      'sharing_consent',
      'online_urls',
    ],
  },
  { table: 'report_attachment', columns: ['original_name'] },
  { table: 'report_message', columns: ['body'] },
  { table: 'report_note', columns: ['body'] },
  { table: 'report_reminder', columns: ['note'] },
  { table: 'legal_hold', columns: ['reason'] },
  { table: 'reply_notice', columns: ['address'] },
  { table: 'contact_message', columns: ['content'] },
  // The partner's reference on a referral (decision 0050): with the partner, it leads to a police file.
  { table: 'referral', columns: ['reference'] },
  // Support given (decision 0053): the safety plan, what was done, the reporter's words.
  { table: 'report_support', columns: ['safety_plan'] },
  { table: 'support_service', columns: ['description', 'withdrawal_reason'] },
  { table: 'support_feedback', columns: ['words'] },
  // Search (decision 0055): the words of each search, and of each saved view.
  { table: 'report_search_terms', columns: ['terms'] },
  { table: 'saved_report_view', columns: ['search'] },
] as const;

/** The lookup key id of a stored receipt hash, in SQL (see crypto/receipts.ts). */
const SQL_LOOKUP_KEY_ID = `(case when receipt_hash ~ '^k[0-9]+:' then substring(receipt_hash from '^k([0-9]+):')::int else 1 end)`;

export type RotationDependencies = {
  pool: pg.Pool;
  /** The storage driver as it is, below the sealing layer: files are read and written sealed. */
  files: StorageDriver;
  masterKey: Buffer;
  keyringFile: string;
  /** One line of progress for the operator; never personal data (ids of keys, counts, table names). */
  print: (line: string) => void;
  /** Stops between two batches; running again resumes. */
  signal?: AbortSignal;
  batchSize?: number;
  /** How long the running site is given to read the new keyring before the last check. */
  settleMs?: number;
  /**
   * How long, after the last pass, a file sealed under the old key may still land in storage or the
   * spool: the reporter's wait (UPLOAD_WAIT_SECONDS) and the transaction that follows it
   * (`uploadWindowMs`). Default: the longest wait the configuration allows.
   */
  uploadWindowMs?: number;
  /** Waits out that window (a timer; a test holds an upload open and lands it here). */
  waitForUploads?: (ms: number) => Promise<void>;
};

/** Time left for the transaction that writes an upload's rows (or spools it) after the storage's wait. */
export const UPLOAD_TRANSACTION_MARGIN_MS = 5_000;
/** The longest UPLOAD_WAIT_SECONDS allows (config.ts). */
const LONGEST_UPLOAD_WAIT_MS = 30_000;
/** How long a put begun under the old key may take to land, with its transaction, when the reporter's wait is `uploadWaitMs`. */
export const uploadWindowMs = (uploadWaitMs: number) => uploadWaitMs + UPLOAD_TRANSACTION_MARGIN_MS;

export type KeyCounts = { values: Record<number, number>; receipts: Record<number, number> };
export type RotationResult =
  | { outcome: 'retired'; current: number; retired: number[]; resealed: { values: number; files: number } }
  | { outcome: 'interrupted'; current: number; resealed: { values: number; files: number } }
  | { outcome: 'unfinished'; current: number; left: Record<number, number> };

const count = (value: number) => value.toLocaleString('en-GB');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** How many sealed values lie under each data key, and receipt hashes under each lookup key. */
export async function countByKey(pool: pg.Pool): Promise<KeyCounts> {
  const values: Record<number, number> = {};
  for (const { table, columns } of SEALED_COLUMNS) {
    for (const column of columns) {
      const { rows } = await pool.query<{ key_id: number; total: string }>(
        `select ${sqlKeyIdOf(`"${column}"`)} as key_id, count(*) as total from "${table}" where "${column}" is not null group by 1`,
      );
      for (const row of rows) values[row.key_id] = (values[row.key_id] ?? 0) + Number(row.total);
    }
  }
  // The search index (decision 0055): each report indexed under a data key's search key counts
  // under that key, so that a key retires only once no report is indexed under it any more.
  const indexed = await pool.query<{ key_id: number; total: string }>(
    'select key_id, count(*) as total from report_search_state group by 1',
  );
  for (const row of indexed.rows) values[row.key_id] = (values[row.key_id] ?? 0) + Number(row.total);
  const receipts: Record<number, number> = {};
  const { rows } = await pool.query<{ key_id: number; total: string }>(
    `select ${SQL_LOOKUP_KEY_ID} as key_id, count(*) as total from report where receipt_hash is not null group by 1`,
  );
  for (const row of rows) receipts[row.key_id] = Number(row.total);
  return { values, receipts };
}

/** Files by the data key that sealed them (each file's header says). Reads every file. */
export async function countFilesByKey(files: StorageDriver, encryption: Encryption) {
  const counts: Record<number, number> = {};
  for (const fullPath of await files.list('')) {
    let data: Buffer;
    try {
      ({ data } = await files.get(fullPath));
    } catch (error) {
      // Deleted since the listing (retention, an erased report): nothing under any key.
      if ((error as { code?: string }).code === 'object-not-found') continue;
      throw error;
    }
    const id = encryption.keyIdOf(data);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/**
 * Re-seals every value and file that is not under the current data key, in batches, beside the
 * running site. Each value is replaced only if it is still the one read (a guarded update), so a
 * concurrent edit is never lost: it was sealed by the site, and the next pass looks at it again.
 */
async function resealPass(deps: RotationDependencies, encryption: Encryption, current: number) {
  const batchSize = deps.batchSize ?? 500;
  let values = 0;
  let stale = 0;
  for (const { table, columns } of SEALED_COLUMNS) {
    for (const column of columns) {
      let after = '00000000-0000-0000-0000-000000000000';
      let done = 0;
      for (;;) {
        if (deps.signal?.aborted) return { values, files: 0, stale, interrupted: true };
        const { rows } = await deps.pool.query<{ id: string; sealed: string }>(
          `select id::text as id, "${column}" as sealed from "${table}"
            where "${column}" is not null and id > $1::uuid and ${sqlKeyIdOf(`"${column}"`)} <> $2
            order by id limit $3`,
          [after, current, batchSize],
        );
        if (rows.length === 0) break;
        stale += rows.length;
        for (const row of rows) {
          const resealed = encryption.sealText(encryption.openText(row.sealed));
          const { rowCount } = await deps.pool.query(
            `update "${table}" set "${column}" = $1 where id = $2::uuid and "${column}" = $3`,
            [resealed, row.id, row.sealed],
          );
          done += rowCount ?? 0;
        }
        values += rows.length;
        after = rows[rows.length - 1]?.id ?? after;
        deps.print(`${table}.${column}: ${count(done)} re-sealed`);
      }
    }
  }
  // The search index under the new key (decision 0055): every report indexed under another key is
  // opened and indexed again, each in its own transaction holding its lock.
  const db = databaseOn(deps.pool);
  for (let indexed = 0; ; ) {
    if (deps.signal?.aborted) return { values, files: 0, stale, interrupted: true };
    const done = await indexMissingReports(db, encryption, batchSize);
    if (done === 0) break;
    stale += done;
    indexed += done;
    deps.print(`search index: ${count(indexed)} reports indexed again`);
  }
  let files = 0;
  const paths = await deps.files.list('');
  for (const [index, fullPath] of paths.entries()) {
    if (deps.signal?.aborted) return { values, files, stale, interrupted: true };
    let stored: Awaited<ReturnType<StorageDriver['get']>>;
    try {
      stored = await deps.files.get(fullPath);
    } catch (error) {
      // Deleted since the listing (retention, an erased report): nothing left to re-seal.
      if ((error as { code?: string }).code === 'object-not-found') continue;
      throw error;
    }
    if (encryption.keyIdOf(stored.data) === current) continue;
    stale += 1;
    const metadata = await deps.files.put(fullPath, encryption.seal(encryption.open(stored.data)), {
      contentType: stored.metadata.contentType,
      customMetadata: stored.metadata.customMetadata,
    });
    // The attachment row describes the stored (sealed) object: keep it true. A file without a row
    // (an upload not yet committed, or an orphan for the sweeper) is left as it is otherwise.
    await deps.pool.query(
      `update report_attachment set size = $1, md5_hash = $2, generation = $3, updated = now() where full_path = $4`,
      [metadata.size, metadata.md5Hash, metadata.generation, fullPath],
    );
    files += 1;
    if (files % 50 === 0 || index === paths.length - 1) {
      deps.print(`files: ${count(files)} re-sealed, ${count(index + 1)} of ${count(paths.length)} looked at`);
    }
  }
  return { values, files, stale, interrupted: false };
}

/**
 * `npm run rotate-key`: a new data key (or the rotation under way, resumed), every value and file
 * re-sealed under it, then the keys it replaces retired once nothing is left under them.
 */
export async function rotateDataKey(deps: RotationDependencies): Promise<RotationResult> {
  let state: KeyringState = readKeyringState(deps.masterKey, deps.keyringFile);
  wrapOldKeyring(deps, state);
  if (state.data.retiring.length === 0) {
    const introduced = introduceDurably(deps, state, 'data');
    state = introduced.state;
    deps.print(
      `New data key ${introduced.id}; re-sealing what is under key ${state.data.retiring.join(', ')}. ` +
        `Copy the keyring file (${deps.keyringFile}) to where you keep the master key now.`,
    );
  } else {
    deps.print(
      `Resuming the rotation to data key ${state.data.current}; keys ${state.data.retiring.join(', ')} still to retire.`,
    );
  }
  const current = state.data.current;
  const encryption = createEncryption(deps.masterKey, staticKeyring(deps.masterKey, state));
  const settleMs = deps.settleMs ?? KEYRING_RECHECK_MS * 2;
  // The running site reads the keyring file again within a few seconds; until then it may still
  // seal a value under the old key. Passes repeat until one finds nothing left to re-seal.
  await sleep(settleMs);
  const resealed = { values: 0, files: 0 };
  const pass = async () => {
    const result = await resealPass(deps, encryption, current);
    resealed.values += result.values;
    resealed.files += result.files;
    return result;
  };
  const interrupted = () => {
    deps.print('Interrupted: run npm run rotate-key again to carry on where this stopped.');
    return { outcome: 'interrupted' as const, current, resealed };
  };
  let clean = false;
  for (let attempt = 1; attempt <= 5 && !clean; attempt += 1) {
    const result = await pass();
    if (result.interrupted) return interrupted();
    const { values } = await countByKey(deps.pool);
    clean = result.stale === 0 && Object.keys(values).every((id) => Number(id) === current);
    if (!clean && attempt < 5) await sleep(Math.min(settleMs, 1_000));
  }
  if (clean) {
    // A file the site began to put before it read the new keyring is sealed under the old key and
    // may land (in storage, or in the spool with its report's transaction) after that pass listed
    // the files. The old key goes only after the longest such upload is over, and a last count of
    // values and files finds nothing under it.
    const windowMs = deps.uploadWindowMs ?? uploadWindowMs(LONGEST_UPLOAD_WAIT_MS);
    deps.print(`Waiting ${Math.ceil(windowMs / 1000)} s for uploads begun under the old key to land.`);
    await (deps.waitForUploads ?? sleep)(windowMs);
  }
  for (let check = 1; clean; check += 1) {
    const left = await leftUnderOtherKeys(deps, encryption, current);
    if (Object.keys(left).length === 0) {
      const retired = state.data.retiring;
      writeKeyringState(deps.masterKey, deps.keyringFile, retireKeys(state, 'data', retired));
      deps.print(
        `Done: ${count(resealed.values)} values and ${count(resealed.files)} files re-sealed; ` +
          `every value and file is under data key ${current}; key ${retired.join(', ')} retired.`,
      );
      return { outcome: 'retired', current, retired, resealed };
    }
    if (check === 2) break;
    deps.print(`After the wait, still under other keys (values and files): ${JSON.stringify(left)}; re-sealing.`);
    if ((await pass()).interrupted) return interrupted();
  }
  const left = await leftUnderOtherKeys(deps, encryption, current);
  deps.print(`Still under other keys (values and files): ${JSON.stringify(left)}. Run npm run rotate-key again.`);
  return { outcome: 'unfinished', current, left };
}

/** Values and files (storage and spool) under any data key but the current one, by key id. */
async function leftUnderOtherKeys(deps: RotationDependencies, encryption: Encryption, current: number) {
  const { values } = await countByKey(deps.pool);
  const files = await countFilesByKey(deps.files, encryption);
  const left: Record<number, number> = {};
  for (const counts of [values, files]) {
    for (const [id, total] of Object.entries(counts)) {
      if (Number(id) !== current) left[Number(id)] = (left[Number(id)] ?? 0) + total;
    }
  }
  return left;
}

/**
 * A new key, written to the keyring file (flushed, folder too) and read back: nothing is sealed or
 * hashed under a key the file on disk does not hold.
 */
function introduceDurably(
  deps: Pick<RotationDependencies, 'masterKey' | 'keyringFile'>,
  state: KeyringState,
  purpose: KeyPurpose,
) {
  const introduced = introduceKey(state, purpose);
  writeKeyringState(deps.masterKey, deps.keyringFile, introduced.state);
  const back = readKeyringState(deps.masterKey, deps.keyringFile)[purpose];
  if (back.current !== introduced.id || back.keys[introduced.id] !== introduced.state[purpose].keys[introduced.id]) {
    throw new KeyringError(
      `The keyring file (${deps.keyringFile}) does not hold the new ${purpose} key ${introduced.id} after writing it; nothing was re-sealed.`,
    );
  }
  return introduced;
}

/** A keyring file of the first format (keys unwrapped) is rewritten wrapped by the command that writes it. */
function wrapOldKeyring(deps: Pick<RotationDependencies, 'masterKey' | 'keyringFile' | 'print'>, state: KeyringState) {
  if (!keyringFileIsUnwrapped(deps.keyringFile)) return;
  writeKeyringState(deps.masterKey, deps.keyringFile, state);
  deps.print(`The keyring file's keys are now wrapped under the master key (${deps.keyringFile}).`);
}

/**
 * `npm run rotate-key -- --receipts`: a new lookup key for new receipts (old receipts are found
 * under the previous keys, and hashed again under the new one when their reporter comes back);
 * then, on this run and the next ones, the previous keys retire once no receipt is left under them.
 */
export async function rotateLookupKey(
  deps: Pick<RotationDependencies, 'pool' | 'masterKey' | 'keyringFile' | 'print'>,
) {
  let state = readKeyringState(deps.masterKey, deps.keyringFile);
  wrapOldKeyring(deps, state);
  if (state.lookup.retiring.length === 0) {
    const introduced = introduceDurably(deps, state, 'lookup');
    state = introduced.state;
    deps.print(`New receipt lookup key ${introduced.id}: new receipts are hashed with it.`);
  }
  const { receipts } = await countByKey(deps.pool);
  const done = state.lookup.retiring.filter((id) => !receipts[id]);
  const waiting = state.lookup.retiring.filter((id) => receipts[id]);
  if (done.length > 0) {
    writeKeyringState(deps.masterKey, deps.keyringFile, retireKeys(state, 'lookup', done));
    deps.print(`Receipt lookup key ${done.join(', ')} retired: no receipt is left under it.`);
  }
  for (const id of waiting) {
    deps.print(
      `Receipt lookup key ${id} still finds ${count(receipts[id] ?? 0)} receipts; each moves to the current key ` +
        'when its reporter comes back, or goes with its report at retention. Run this again later to retire it.',
    );
  }
  return { retired: done, waiting };
}
