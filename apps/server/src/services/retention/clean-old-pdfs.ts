import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Encryption } from '../../crypto/encryption.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';
import { cleanPdfInWorker, PdfRefused } from '../../uploads/pdf-clean.ts';

/**
 * `npm run clean-old-pdfs` (decision 0031): the PDFs received before PDFs were cleaned were stored
 * byte for byte and may still carry their author's name, XMP, embedded files or scripts
 * (`report_attachment.metadata_removed` is false for them, migration 0020). Each is read as stored
 * (sealed), cleaned by the cleaner new uploads go through, and written sealed under a **new name**;
 * only then, in one transaction, does its row point to the cleaned file (size, MD5, generation,
 * `metadata_removed` true) with an audit row by the command line, and only after that commit is the
 * old file deleted. A crash at any point leaves either the original with its row, or the cleaned file
 * with its row; a file left without a row (the cleaned copy of a run that stopped before its commit,
 * or an original whose deletion failed) is removed by the daily orphan sweep.
 *
 * A PDF the cleaner refuses (encrypted, unreadable) or whose file cannot be read is left as it is and
 * reported by its attachment id; staff go on seeing the warning on it. Running again cleans what is
 * left and changes nothing else.
 */
export type OldPdfDependencies = {
  pool: pg.Pool;
  /** The files as stored (storage and spool), below the sealing layer: read and written sealed. */
  files: StorageDriver;
  encryption: Encryption;
  /** One line for the operator: ids and counts, never a file's content or name. */
  print: (line: string) => void;
  /** Stops after the file under way; running again carries on. */
  signal?: AbortSignal;
  /** The cleaner (the one uploads use by default). */
  clean?: (data: Buffer) => Promise<Buffer>;
};

export type LeftPdf = {
  attachmentId: string;
  /** ENCRYPTED_PDF or UNREADABLE_FILE from the cleaner; `missing` when the stored file is gone; `unopened` when its seal does not open. */
  reason: 'ENCRYPTED_PDF' | 'UNREADABLE_FILE' | 'missing' | 'unopened' | 'changed';
};

export type OldPdfResult = {
  cleaned: string[];
  left: LeftPdf[];
  /** Old files whose deletion failed after their row moved to the cleaned copy (the sweep removes them). */
  oldFilesKept: string[];
  interrupted: boolean;
};

type Row = { id: string; report_id: string; full_path: string; size: number };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const BATCH = 50;

/** How many stored PDFs still wait to be cleaned. */
export async function countOldPdfs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from report_attachment where not metadata_removed and content_type = 'application/pdf'`,
  );
  return rows[0]?.n ?? 0;
}

export async function cleanOldPdfs(deps: OldPdfDependencies): Promise<OldPdfResult> {
  const clean = deps.clean ?? cleanPdfInWorker;
  const result: OldPdfResult = { cleaned: [], left: [], oldFilesKept: [], interrupted: false };
  const total = await countOldPdfs(deps.pool);
  deps.print(
    total === 0 ? 'No PDF received before PDFs were cleaned is left.' : `${total} PDFs received before cleaning.`,
  );
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await deps.pool.query<Row>(
      `select id::text as id, report_id::text as report_id, full_path, size from report_attachment
        where not metadata_removed and content_type = 'application/pdf' and id > $1::uuid
        order by id limit $2`,
      [after, BATCH],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      if (deps.signal?.aborted) {
        result.interrupted = true;
        deps.print('Interrupted: run npm run clean-old-pdfs again to carry on.');
        return result;
      }
      after = row.id;
      const outcome = await cleanOne(deps, clean, row);
      if (outcome === 'cleaned' || outcome === 'cleaned-old-kept') {
        result.cleaned.push(row.id);
        if (outcome === 'cleaned-old-kept') result.oldFilesKept.push(row.id);
        deps.print(`Cleaned ${row.id} (${result.cleaned.length} of ${total}).`);
      } else {
        result.left.push({ attachmentId: row.id, reason: outcome });
        deps.print(`Left as it was: ${row.id} (${describe(outcome)}).`);
      }
    }
  }
  deps.print(
    `Done: ${result.cleaned.length} cleaned, ${result.left.length} left as they were` +
      (result.left.length > 0 ? ` (${result.left.map((left) => left.attachmentId).join(', ')})` : '') +
      '.',
  );
  if (result.left.some((left) => left.reason !== 'changed')) {
    deps.print(
      'Staff still see the warning on the files left: the reporter can be asked for a copy without protection, or screenshots.',
    );
  }
  if (result.oldFilesKept.length > 0) {
    deps.print(
      `The original of ${result.oldFilesKept.join(', ')} could not be deleted yet; the daily orphan sweep removes it.`,
    );
  }
  return result;
}

function describe(reason: LeftPdf['reason']): string {
  return {
    ENCRYPTED_PDF: 'encrypted: it cannot be cleaned without its password',
    UNREADABLE_FILE: 'not a PDF the cleaner can read',
    missing: 'its stored file is missing',
    unopened: 'its stored file does not open with the site key',
    changed: 'its row changed during the run; run the command again',
  }[reason];
}

async function cleanOne(
  deps: OldPdfDependencies,
  clean: (data: Buffer) => Promise<Buffer>,
  row: Row,
): Promise<'cleaned' | 'cleaned-old-kept' | LeftPdf['reason']> {
  let stored: Awaited<ReturnType<StorageDriver['get']>>;
  try {
    stored = await deps.files.get(row.full_path);
  } catch (error) {
    if ((error as { code?: string }).code === 'object-not-found') return 'missing';
    throw error; // the storage is unreachable: stop, and the next run resumes here
  }
  let original: Buffer;
  try {
    original = deps.encryption.open(stored.data);
  } catch {
    return 'unopened';
  }
  let cleaned: Buffer;
  try {
    cleaned = await clean(original);
  } catch (error) {
    if (error instanceof PdfRefused) return error.code;
    return 'UNREADABLE_FILE';
  }

  // The cleaned file, sealed, under a new name: the original stays untouched until the row moves.
  const fullPath = `reports/${row.report_id}/${randomUUID()}.pdf`;
  const metadata = await deps.files.put(fullPath, deps.encryption.seal(cleaned), {
    contentType: 'application/pdf',
    customMetadata: stored.metadata.customMetadata,
  });
  const client = await deps.pool.connect();
  let moved = false;
  try {
    await client.query('begin');
    // The report's row first, as staff operations and retention take it: an erasure waits or wins.
    const report = await client.query(
      `select 1 from report where id = $1 and personal_data_erased_at is null for update`,
      [row.report_id],
    );
    const updated =
      (report.rowCount ?? 0) === 0
        ? { rowCount: 0 }
        : await client.query(
            `update report_attachment
                set full_path = $2, name = $3, size = $4, md5_hash = $5, generation = $6,
                    metageneration = $7, updated = $8, metadata_removed = true
              where id = $1 and full_path = $9 and not metadata_removed`,
            [
              row.id,
              fullPath,
              metadata.name,
              metadata.size,
              metadata.md5Hash,
              metadata.generation,
              metadata.metageneration,
              metadata.updated,
              row.full_path,
            ],
          );
    if ((updated.rowCount ?? 0) === 1) {
      // The command line's own action, as `npm run staff` records its own: actor kind `command-line`.
      await client.query(
        `insert into audit_event (action, actor_id, actor_kind, subject_type, subject_id, details)
         values ('report.attachment-cleaned', null, 'command-line', 'report', $1, $2::jsonb)`,
        [
          row.report_id,
          JSON.stringify({
            attachmentId: row.id,
            sha256Before: sha256(original),
            sha256After: sha256(cleaned),
            sizeBefore: original.length,
            sizeAfter: cleaned.length,
          }),
        ],
      );
      moved = true;
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await deps.files.delete(fullPath).catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  if (!moved) {
    // Erased, cleaned by another run, or changed meanwhile: the new copy is not needed.
    await deps.files.delete(fullPath).catch(() => undefined);
    return 'changed';
  }
  try {
    await deps.files.delete(row.full_path);
    return 'cleaned';
  } catch {
    return 'cleaned-old-kept';
  }
}
