import { searchTokens } from '@app/core/casework/search';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Encryption } from '../../crypto/encryption.ts';
import { type SearchKey, searchKeys, tokenHash } from '../../crypto/search-tokens.ts';
import { reportNote } from '../../db/casework-schema.ts';
import type { Db } from '../../db/database.ts';
import { report, reportMessage } from '../../db/schema.ts';
import { reportSearchState, reportSearchToken } from '../../db/search-schema.ts';

/**
 * The blind index of decision 0055: keyed hashes of the words of each report's sealed texts
 * (description, location, online addresses, staff notes, staff and reporter messages), never the
 * words. Written in the transaction of each text's writer; emptied by the erasure; made for the
 * reports it misses by the `maintenance` job or `npm run search-index`; made again under the new
 * key by a data key rotation.
 */
/** What the index needs of the sealing: opening texts, and the search keys. */
export type SearchEncryption = Pick<Encryption, 'openText' | 'deriveFromDataKeys'>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 5_000;

const currentKey = (encryption: SearchEncryption): SearchKey => {
  const [key] = searchKeys(encryption);
  if (!key) throw new Error('no data key is held');
  return key;
};

/** The words of texts, hashed under a key, as rows of a report. */
function tokenRows(reportId: string, key: SearchKey, texts: readonly (string | null | undefined)[]) {
  const words = new Set(texts.flatMap((text) => (text ? searchTokens(text) : [])));
  return [...words].map((word) => ({ reportId, keyId: key.id, token: tokenHash(key.key, word) }));
}

async function insertTokens(tx: Pick<Db, 'insert'>, rows: ReturnType<typeof tokenRows>) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx
      .insert(reportSearchToken)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing();
  }
}

/**
 * Adds the words of new texts of a report (a note, a message), in the writer's transaction. The
 * report's other words stay as they are: nothing of a report is ever edited but by the erasure.
 */
export async function indexReportTexts(
  tx: Pick<Db, 'insert'>,
  encryption: SearchEncryption,
  reportId: string,
  texts: readonly (string | null | undefined)[],
) {
  await insertTokens(tx, tokenRows(reportId, currentKey(encryption), texts));
}

/** A new report's words, and the mark that it is indexed under the current key. */
export async function indexNewReport(
  tx: Pick<Db, 'insert'>,
  encryption: SearchEncryption,
  reportId: string,
  texts: readonly (string | null | undefined)[],
) {
  const key = currentKey(encryption);
  await insertTokens(tx, tokenRows(reportId, key, texts));
  await tx.insert(reportSearchState).values({ reportId, keyId: key.id }).onConflictDoNothing();
}

/** Empties a report's entries (the erasure, in its transaction): the report is still marked as indexed, with nothing. */
export async function emptyReportIndex(tx: Pick<Db, 'delete'>, reportId: string) {
  await tx.delete(reportSearchToken).where(eq(reportSearchToken.reportId, reportId));
}

/** Opens a sealed value that may be missing or empty. */
const opened = (encryption: SearchEncryption, sealed: string | null) => (sealed ? encryption.openText(sealed) : '');

/**
 * Indexes one report again, whole, under the current key, inside a transaction that holds its
 * lock: every writer of a searched text locks the report first, so none is missed.
 */
export async function reindexReport(tx: Tx, encryption: SearchEncryption, reportId: string) {
  const [row] = await tx
    .select({ description: report.description, location: report.location, onlineUrls: report.onlineUrls })
    .from(report)
    .where(eq(report.id, reportId))
    .for('update');
  if (!row) return false;
  const [notes, messages] = await Promise.all([
    tx.select({ body: reportNote.body }).from(reportNote).where(eq(reportNote.reportId, reportId)),
    tx
      .select({ body: reportMessage.body })
      .from(reportMessage)
      .where(and(eq(reportMessage.reportId, reportId), inArray(reportMessage.author, ['staff', 'reporter']))),
  ]);
  const urls = opened(encryption, row.onlineUrls);
  const texts = [
    opened(encryption, row.description),
    opened(encryption, row.location),
    urls ? (JSON.parse(urls) as string[]).join(' ') : '',
    ...notes.map((note) => opened(encryption, note.body)),
    ...messages.map((message) => opened(encryption, message.body)),
  ];
  const key = currentKey(encryption);
  await tx.delete(reportSearchToken).where(eq(reportSearchToken.reportId, reportId));
  await insertTokens(tx, tokenRows(reportId, key, texts));
  await tx
    .insert(reportSearchState)
    .values({ reportId, keyId: key.id })
    .onConflictDoUpdate({ target: reportSearchState.reportId, set: { keyId: key.id, indexedAt: new Date() } });
  return true;
}

/**
 * Indexes the reports the index misses, or holds under another key than the current one: at most
 * `limit`, each in a short transaction of its own. Returns how many were indexed.
 */
export async function indexMissingReports(db: Db, encryption: SearchEncryption, limit = 200): Promise<number> {
  const key = currentKey(encryption);
  const rows = await db
    .select({ id: report.id })
    .from(report)
    .leftJoin(reportSearchState, eq(reportSearchState.reportId, report.id))
    .where(or(isNull(reportSearchState.reportId), ne(reportSearchState.keyId, key.id)))
    .limit(limit);
  let done = 0;
  for (const { id } of rows) {
    if (await db.transaction((tx) => reindexReport(tx, encryption, id))) done += 1;
  }
  return done;
}

/** Forgets which reports are indexed: the next passes index every report again (`npm run search-index -- --all`). */
export async function forgetSearchState(db: Db) {
  await db.delete(reportSearchState);
}

/**
 * The reports whose words include every word of the search, as a condition on `report`: for each
 * word, an entry of the report under its hash by any search key held (a report indexed before a
 * rotation is still found). One `exists` per word, answered by the primary key (key, token,
 * report): PostgreSQL probes it row by row for the first page of a common word, or reads the
 * word's entries whole for a rare one. Nothing is opened.
 */
export function searchCondition(encryption: Pick<Encryption, 'deriveFromDataKeys'>, words: readonly string[]): SQL {
  const keys = searchKeys(encryption);
  const each = words.map((word) => {
    const hashes = keys.map((key) => sql`(${key.id}::smallint, ${tokenHash(key.key, word).toString()}::bigint)`);
    return sql`exists (select 1 from ${reportSearchToken} t where t.report_id = ${report.id}
      and (t.key_id, t.token) in (${sql.join(hashes, sql`, `)}))`;
  });
  return sql.join(each, sql` and `);
}
