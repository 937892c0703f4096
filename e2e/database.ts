import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The e2e server's embedded database, through its socket (see playwright.config.ts). */
export async function queryServerDatabase<Row extends Record<string, unknown>>(
  sql: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const client = new pg.Client({ host: path.join(dataDir, 'postgres'), user: 'postgres', database: 'app' });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The id of the report a receipt belongs to, found as the server finds it: the receipt's keyed hash
 * under the e2e server's own key (its key file in E2E_DATA_DIR). A test finds its own report by the
 * receipt it was given, never by a date or a value that another test may share.
 */
export async function reportIdByReceipt(receipt: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const { fileKeyring, keyringPath } = await import('../apps/server/src/crypto/keyring.ts');
  const { createReceiptHasher } = await import('../apps/server/src/crypto/receipts.ts');
  const masterKey = Buffer.from(fs.readFileSync(path.join(dataDir, 'encryption.key'), 'utf8').trim(), 'base64');
  const hashes = await createReceiptHasher(fileKeyring(masterKey, keyringPath(dataDir))).candidates(receipt);
  const rows = await queryServerDatabase<{ id: string }>('select id from report where receipt_hash = any($1)', [
    hashes,
  ]);
  if (rows.length !== 1) throw new Error(`no report has the receipt ${receipt.slice(0, 4)}…`);
  return rows[0]?.id ?? '';
}

/** The id of the incident a report belongs to (decision 0037). */
export async function incidentOf(reportId: string): Promise<string | undefined> {
  const rows = await queryServerDatabase<{ incident_id: string }>('select incident_id from report where id = $1', [
    reportId,
  ]);
  return rows[0]?.incident_id;
}
