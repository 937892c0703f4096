import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEncryption } from '../crypto/encryption.ts';
import { tablesInOrder } from '../services/backup/backup-tables.ts';
import { createStaffMember } from '../test/staff-helpers.ts';
import { contactMessageFrom, postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer } from '../test/test-server.ts';
import { useTestDatabase } from '../test/use-test-server.ts';
import { SITE_VERSION } from '../version.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

/**
 * Releases (issue 28, item 5): migrations only go forward, and each release's database, with its
 * data, migrates to this version. `releases/releases.json` lists each release, the last migration
 * it shipped and the SHA-256 of every migration file it shipped; `releases/<version>.data.json`
 * holds the rows a site of that release had (written by that release: `npm run release:fixture`).
 */
const RELEASES_DIR = path.resolve(import.meta.dirname, '../../releases');
const RELEASES_FILE = path.join(RELEASES_DIR, 'releases.json');
const WRITING = process.env.RELEASE_FIXTURE === 'write';

type Release = { version: string; lastMigration: string; migrations: Record<string, string> };
type Fixture = {
  version: string;
  /** The test key the fixture's sealed values are sealed with (never a real site's). */
  encryptionKey: string;
  reportDescription: string;
  tables: { name: string; rows: Record<string, unknown>[] }[];
};

const journalTags = () =>
  (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.map((entry) => entry.tag);
const sha256 = (tag: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`)))
    .digest('hex');
const readReleases = (): Release[] =>
  fs.existsSync(RELEASES_FILE)
    ? (JSON.parse(fs.readFileSync(RELEASES_FILE, 'utf8')) as { releases: Release[] }).releases
    : [];
const fixtureFile = (version: string) => path.join(RELEASES_DIR, `${version}.data.json`);

/** A copy of the migrations folder whose journal stops at `lastTag` (that release's schema). */
function migrationsUpTo(lastTag: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'release-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

describe.skipIf(WRITING)('releases: migrations only forward, from each release with its data', () => {
  const releases = readReleases();

  it('lists this version or an earlier one, and never edits, removes or reorders a released migration', () => {
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.map((release) => release.version)).toContain(releases.at(-1)?.version);
    const tags = journalTags();
    for (const release of releases) {
      const shipped = Object.keys(release.migrations);
      expect(tags.slice(0, shipped.length), `the migrations of ${release.version}, in order`).toEqual(shipped);
      expect(shipped.at(-1)).toBe(release.lastMigration);
      for (const [tag, hash] of Object.entries(release.migrations)) {
        expect(sha256(tag), `${tag} as ${release.version} shipped it: add a new migration instead`).toBe(hash);
      }
      expect(fs.existsSync(fixtureFile(release.version)), `${release.version}.data.json`).toBe(true);
    }
  });

  for (const release of releases) {
    describe(`from ${release.version}`, () => {
      const database = useTestDatabase();

      it(`migrates a site of ${release.version}, with its rows, to this version (${SITE_VERSION})`, async () => {
        const fixture = JSON.parse(fs.readFileSync(fixtureFile(release.version), 'utf8')) as Fixture;
        const schema = migrationsUpTo(release.lastMigration);
        try {
          await runMigrations(database.pool, schema.folder);
        } finally {
          schema.remove();
        }
        const client = await database.pool.connect();
        try {
          await client.query('begin');
          await client.query('set constraints all deferred');
          // What the first migration seeds (the shipped content) gives way to the site's rows.
          await client.query('delete from content_version');
          for (const { name, rows } of fixture.tables) {
            if (rows.length === 0) continue;
            const { rows: found } = await client.query<{ list: string }>(
              `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list
                 from information_schema.columns
                where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
              [name],
            );
            const columns = found[0]?.list ?? '';
            const inserted = await client.query(
              `insert into "${name}" (${columns}) select ${columns} from json_populate_recordset(null::"${name}", $1::json)`,
              [JSON.stringify(rows)],
            );
            expect(inserted.rowCount, name).toBe(rows.length);
          }
          await client.query('commit');
        } finally {
          client.release();
        }

        await runMigrations(database.pool);

        const applied = await database.pool.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]?.n).toBe(journalTags().length);
        for (const { name, rows } of fixture.tables) {
          const count = await database.pool.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
          expect(count.rows[0]?.n, `rows of ${name} after the upgrade`).toBe(rows.length);
        }
        // The sealed values still open with the site's key: the report reads as it was written.
        const sealed = await database.pool.query<{ description: string }>('select description from report');
        const encryption = createEncryption(Buffer.from(fixture.encryptionKey, 'base64'));
        expect(sealed.rows.map((row) => encryption.openText(row.description))).toContain(fixture.reportDescription);
      });
    });
  }
});

/**
 * `npm run release:fixture`: run once by the release itself (docs/releasing.md), it records this
 * version in releases.json with the SHA-256 of each migration it ships, and the rows of a site of
 * this version: a report, a contact message, a coordinator with a note and a reply.
 */
describe.runIf(WRITING)('releases: the fixture of this release', () => {
  it(`writes releases/${SITE_VERSION}.data.json and its entry in releases.json`, async () => {
    const server = await startTestServer();
    try {
      const altcha = await solveAltcha(server.baseUrl);
      expect((await postReport(server.baseUrl, { payload: reportPayload(), altcha })).status).toBe(201);
      const contact = await fetch(`${server.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          altcha: await solveAltcha(server.baseUrl),
          message: contactMessageFrom('fr'),
        }),
      });
      expect(contact.status).toBe(201);
      const { staff } = await createStaffMember(server, 'coordinator', 'Cora Coordinator');
      const { rows: reports } = await server.database.pool.query<{ id: string }>('select id from report');
      const operations = server.services.operationsFor(staff).reports;
      for (const { id } of reports) {
        await operations.addNote(id, 'Teruggebeld, wil aangifte doen.');
        await operations.reply(id, 'Dank u voor uw melding.');
      }
      const client = await server.database.pool.connect();
      const tables: Fixture['tables'] = [];
      try {
        for (const name of await tablesInOrder(client)) {
          const { rows } = await client.query<{ rows: Record<string, unknown>[] | null }>(
            `select json_agg(t) as rows from "${name}" t`,
          );
          tables.push({ name, rows: rows[0]?.rows ?? [] });
        }
      } finally {
        client.release();
      }
      const fixture: Fixture = {
        version: SITE_VERSION,
        encryptionKey: server.config.encryptionKey?.toString('base64') ?? '',
        reportDescription: SEEDED.description,
        tables,
      };
      fs.mkdirSync(RELEASES_DIR, { recursive: true });
      fs.writeFileSync(fixtureFile(SITE_VERSION), `${JSON.stringify(fixture, null, 1)}\n`);
      const tags = journalTags();
      const entry: Release = {
        version: SITE_VERSION,
        lastMigration: tags.at(-1) ?? '',
        migrations: Object.fromEntries(tags.map((tag) => [tag, sha256(tag)])),
      };
      const releases = [...readReleases().filter((release) => release.version !== SITE_VERSION), entry];
      fs.writeFileSync(RELEASES_FILE, `${JSON.stringify({ releases }, null, 2)}\n`);
    } finally {
      await server.close();
    }
  });
});
