// Benchmark of npm run backup, backup:verify and restore on a large site:
//   npm run bench:backup   (BENCH_REPORTS=100000, BENCH_FILES=1024, BENCH_FILE_KB=1024: 1 GiB of files;
//                           BENCH_DATABASE_URL for an external server instead of the embedded one)
// Seeds a site with sealed reports and sealed files, then runs each command as its own process,
// as an operator would, and prints its time, throughput and peak memory (the process's maximum
// resident set, from the kernel). Then checks that the restored site has the same rows in every
// table and the same SHA-256 for every stored file.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createEncryption } from '../src/crypto/encryption.ts';
import { createDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createLogger } from '../src/logger.ts';
import { tablesInOrder } from '../src/services/backup/backup.ts';
import { formatBytes } from '../src/services/backup/backup-progress.ts';
import { createLocalDiskStorage } from '../src/storage/local-disk-storage.ts';
import { createSealedStorage } from '../src/storage/sealed-storage.ts';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const FILES = Number(process.env.BENCH_FILES ?? 1024);
const FILE_BYTES = Number(process.env.BENCH_FILE_KB ?? 1024) * 1024;
const EXTERNAL = process.env.BENCH_DATABASE_URL;
const CLI = pathToFileURL(path.resolve(import.meta.dirname, '../src/cli/backup.ts')).href;
const logger = createLogger('warn');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-backup-'));
const key = randomBytes(32);
const archive = path.join(root, 'site.backup');
const site = (name: string) => ({ dataDir: path.join(root, name), database: '' });
const source = site('source');
const target = site('target');

/** A database of its own on the external server, for one side. */
async function externalDatabase(name: string) {
  const admin = new pg.Client({ connectionString: EXTERNAL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(EXTERNAL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropExternal(url: string) {
  const admin = new pg.Client({ connectionString: EXTERNAL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

/** The side's database while the bench seeds or checks it: embedded (started here) or external. */
async function open(side: { dataDir: string; database: string }) {
  if (side.database) return { database: createDatabase(side.database, logger), stop: async () => {} };
  const embedded = await startEmbeddedPostgres(side.dataDir, logger);
  return { database: createDatabase(embedded.poolConfig, logger), stop: () => embedded.stop() };
}

async function seed() {
  const { database, stop } = await open(source);
  const started = performance.now();
  try {
    await runMigrations(database.pool);
    const encryption = createEncryption(key);
    // A report's sealed texts: one sealed value each, sized like a real description.
    const description = encryption.sealText('x'.repeat(600));
    const location = encryption.sealText('Tramhalte Plantin, Antwerpen');
    await database.pool.query(
      `insert into report (id, language, is_anonymous, personal_data, incident_date, location, incident_type,
         description, called_police, called_organisation, medical_treatment, terms_accepted_at, status,
         created_at)
       select gen_random_uuid(), (array['en','fr','nl','he','yi'])[1 + i % 5], true, null,
         (current_date - (i % 1095))::date, $1,
         (array['verbal','physical','online','letter','harassment','provocation','other'])[1 + i % 7], $2,
         i % 4 = 0, i % 9 = 0, i % 11 = 0, now(), 'new', now() - make_interval(days => i % 1095)
       from generate_series(1, $3::int) as i`,
      [location, description, REPORTS],
    );
    const { rows: reports } = await database.pool.query<{ id: string }>(`select id from report limit $1`, [FILES]);
    const storage = createSealedStorage(createLocalDiskStorage(path.join(source.dataDir, 'storage')), encryption);
    for (let index = 0; index < FILES; index += 1) {
      const fullPath = `reports/bench/${index}.bin`;
      const stored = await storage.put(fullPath, randomBytes(FILE_BYTES), { contentType: 'image/jpeg' });
      await database.pool.query(
        `insert into report_attachment (id, report_id, bucket, generation, metageneration, full_path, name, size,
           time_created, updated, md5_hash, content_type)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'image/jpeg')`,
        [
          reports[index % reports.length]?.id,
          stored.bucket,
          stored.generation,
          stored.metageneration,
          stored.fullPath,
          stored.name,
          stored.size,
          stored.timeCreated,
          stored.updated,
          stored.md5Hash,
        ],
      );
    }
  } finally {
    await database.close();
    await stop();
  }
  return performance.now() - started;
}

/** One command as its own process; its time and the kernel's count of its peak resident memory. */
async function run(args: string[], side: { dataDir: string; database: string }) {
  // Also samples the V8 heap and the memory outside it (buffers) every 20 ms, to say where a peak is.
  const program = `
    import { runBackupCommand } from ${JSON.stringify(CLI)};
    const peak = { heapUsed: 0, external: 0 };
    const sample = setInterval(() => {
      const usage = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
      peak.external = Math.max(peak.external, usage.external);
    }, 20);
    await runBackupCommand(process.argv.slice(1), process.env, (line) => console.log(line));
    clearInterval(sample);
    console.log('maxRSS=' + process.resourceUsage().maxRSS + ' heap=' + peak.heapUsed + ' external=' + peak.external);`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', program, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      DATA_DIR: side.dataDir,
      ENCRYPTION_KEY: key.toString('base64'),
      PUBLIC_URL: 'https://bench.example',
      ...(side.database ? { DATABASE_URL: side.database } : {}),
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${args[0]} exited with ${code}:\n${output}`);
  const milliseconds = performance.now() - started;
  const [, rss = '0', heap = '0', external = '0'] = /maxRSS=(\d+) heap=(\d+) external=(\d+)/.exec(output) ?? [];
  const said = output.replace(/maxRSS=.*\n?/, '').trim();
  return { milliseconds, maxRss: Number(rss) * 1024, heap: Number(heap), external: Number(external), said };
}

/** Rows per table, and the SHA-256 of every stored file as stored. */
async function contents(side: { dataDir: string; database: string }) {
  const { database, stop } = await open(side);
  const rows: Record<string, number> = {};
  try {
    for (const table of await tablesInOrder(database.pool)) {
      const { rows: counted } = await database.pool.query(`select count(*)::int as n from "${table}"`);
      rows[table] = counted[0].n;
    }
  } finally {
    await database.close();
    await stop();
  }
  const storage = createLocalDiskStorage(path.join(side.dataDir, 'storage'));
  const files: Record<string, string> = {};
  for (const fullPath of await storage.list('')) {
    files[fullPath] = createHash('sha256')
      .update((await storage.get(fullPath)).data)
      .digest('hex');
  }
  return { rows, files };
}

try {
  if (EXTERNAL) {
    const suffix = randomBytes(4).toString('hex');
    source.database = await externalDatabase(`bench_backup_source_${suffix}`);
    target.database = await externalDatabase(`bench_backup_target_${suffix}`);
  }
  const seeded = await seed();
  console.log(
    `Seeded ${REPORTS.toLocaleString('en-GB')} reports and ${FILES} sealed files of ${formatBytes(FILE_BYTES)} ` +
      `(${formatBytes(FILES * FILE_BYTES)}) in ${(seeded / 1000).toFixed(1)} s, on the ${EXTERNAL ? 'external' : 'embedded'} database.\n`,
  );

  const backup = await run(['backup', '--out', archive], source);
  const size = fs.statSync(archive).size;
  const verify = await run(['verify', archive], source);
  const restore = await run(['restore', archive], target);
  console.log(`${backup.said}\n${restore.said}\n`);
  console.log('command    seconds   MB/s of archive   peak memory (RSS)   of which V8 heap / buffers (sampled)');
  for (const [name, result] of [
    ['backup', backup],
    ['verify', verify],
    ['restore', restore],
  ] as const) {
    const seconds = result.milliseconds / 1000;
    console.log(
      `${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)}   ${(size / 1024 / 1024 / seconds).toFixed(1).padStart(15)}   ${formatBytes(result.maxRss).padStart(17)}   ${formatBytes(result.heap)} / ${formatBytes(result.external)}`,
    );
  }
  console.log(`\nArchive: ${formatBytes(size)}.`);

  const [before, after] = [await contents(source), await contents(target)];
  const sameRows = JSON.stringify(before.rows) === JSON.stringify(after.rows);
  const sameFiles = JSON.stringify(before.files) === JSON.stringify(after.files);
  console.log(
    `Rows per table ${sameRows ? 'match' : 'DIFFER'} (${Object.values(after.rows)
      .reduce((sum, n) => sum + n, 0)
      .toLocaleString('en-GB')} rows); ` +
      `the SHA-256 of every file ${sameFiles ? 'matches' : 'DIFFERS'} (${Object.keys(after.files).length} files).`,
  );
  if (!sameRows || !sameFiles) process.exitCode = 1;
} finally {
  if (source.database) await dropExternal(source.database);
  if (target.database) await dropExternal(target.database);
  fs.rmSync(root, { recursive: true, force: true });
}
