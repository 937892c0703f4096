import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import * as caseworkSchema from './casework-schema.ts';
import * as remindersSchema from './reminders-schema.ts';
import * as submissionSchema from './schema.ts';
import * as staffSchema from './staff-schema.ts';

const schema = { ...submissionSchema, ...staffSchema, ...caseworkSchema, ...remindersSchema };

export type Db = NodePgDatabase<typeof schema>;
/** Drizzle over a pool made elsewhere (a command's own pool). */
export const databaseOn = (pool: pg.Pool): Db => drizzle(pool, { schema });

export type Database = { pool: pg.Pool; db: Db; close(): Promise<void> };

/**
 * One connection pool per process. A connection that breaks while idle (the database restarted)
 * emits 'error' on the pool, one checked out (the job runner's LISTEN) on itself; without a
 * listener Node would crash the whole app, so it is logged and the pool opens a fresh connection
 * on the next query.
 */
export function createDatabase(config: string | pg.PoolConfig, logger: Logger): Database {
  const poolConfig = typeof config === 'string' ? { connectionString: config } : config;
  const pool = new pg.Pool({
    ...poolConfig,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'community-safety',
  });
  pool.on('error', (error) => logger.warn({ err: { message: error.message } }, 'an idle database connection failed'));
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.debug({ err: { message: error.message } }, 'a database connection failed')),
  );
  let closing: Promise<void> | undefined;
  return {
    pool,
    db: drizzle(pool, { schema }),
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
