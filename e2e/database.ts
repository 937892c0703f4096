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
