import { randomUUID } from 'node:crypto';
import { isAppError } from '@app/core/errors/app-error';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { resources } from '@app/locales/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSearchIndexCommand } from '../../cli/search-index.ts';
import { indexMissingReports } from '../../services/casework/search-index.ts';
import { eraseReportData } from '../../services/retention/erase-report.ts';
import { openFollowUp, sendFollowUpReply } from '../../test/follow-up-helpers.ts';
import { CookieJar, createStaffMember, postForm, signedInSession } from '../../test/staff-helpers.ts';
import { dumpDatabase, reportPayload } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { REPORTS_PAGE_SIZE } from './report-queries.ts';

/**
 * Search across sealed text (issue 26 item 4, decision 0055): a blind index of keyed word hashes,
 * found by words of the description, location, addresses, notes and messages; audited with the
 * words sealed; saved views per member. Each test makes its words from a marker of its own, so
 * that only its reports hold them.
 */

let server: TestServer;
let coordinator: StaffIdentity;

const query = async <T>(sql: string, values: unknown[] = []) =>
  (await server.database.pool.query(sql, values)).rows as T[];

/** Letters only (the index splits on anything else): a word no other test's report holds. */
const marker = () =>
  randomUUID()
    .replaceAll('-', '')
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] ?? 'q')
    .slice(0, 12);

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: unknown) => (isAppError(error) ? error.code : error),
  );

async function record(overrides: Record<string, unknown>, receipt = false) {
  return server.services.operationsFor(coordinator).reports.record({
    report: reportPayload({ language: 'en', sharingConsent: 'yes', ...overrides }),
    source: 'phone',
    receipt,
  });
}

const search = (words: string, member = coordinator) =>
  server.services.operationsFor(member).reports.list({ sort: 'received-desc', page: 1, search: words });
const found = async (words: string) => (await search(words)).items.map((item) => item.id);

beforeAll(async () => {
  server = await startTestServer();
  ({ staff: coordinator } = await createStaffMember(server, 'coordinator', 'Cora Search'));
});

afterAll(async () => {
  await server?.close();
});

describe('search across sealed text', () => {
  it('finds a report by a word that exists only inside its sealed description, and no other report', async () => {
    const word = marker();
    const other = marker();
    const { reportId } = await record({ description: `Someone shouted ${word} at the bus stop.` });
    const { reportId: otherId } = await record({ description: `A sticker with ${other} on a lamp post.` });
    // Sealed: the description's column does not hold the word.
    const [row] = await query<{ description: string }>('select description from report where id = $1', [reportId]);
    expect(row?.description).not.toContain(word);

    expect(await found(word)).toEqual([reportId]);
    // In upper case, with diacritics, among punctuation: the same word.
    expect(await found(`«${word.toUpperCase().replace(/a/g, 'á')}»`)).toEqual([reportId]);
    expect(await found(other)).toEqual([otherId]);
    // Every word must be there.
    expect(await found(`${word} ${other}`)).toEqual([]);
  });

  it('finds a report by a word of its location, of an online address, of a note, and of a staff message', async () => {
    const [place, host, noted, replied] = [marker(), marker(), marker(), marker()];
    const { reportId } = await record(
      {
        type: 'online',
        location: `Kerkstraat 12, ${place}`,
        onlineUrls: [`https://${host}.example/posts/123`],
        onlinePlatform: 'facebook',
      },
      true,
    );
    const reports = server.services.operationsFor(coordinator).reports;
    await reports.addNote(reportId, `Called the school: ${noted}.`);
    await reports.reply(reportId, `Thank you, we wrote to ${replied}.`);
    for (const word of [place, host, noted, replied]) expect(await found(word)).toEqual([reportId]);
    // An address is found by its parts.
    expect(await found(`${host}.example/posts`)).toEqual([reportId]);
  });

  it("finds a report by a word of the reporter's message in the thread", async () => {
    const word = marker();
    const { reportId, receipt } = await record({ description: 'A reporter who writes again.' }, true);
    const jar = new CookieJar();
    expect((await openFollowUp(server.baseUrl, receipt ?? '', jar)).status).toBe(200);
    expect((await sendFollowUpReply(server.baseUrl, jar, `It happened again near ${word}.`)).status).toBe(201);
    expect(await found(word)).toEqual([reportId]);
  });

  it('finds a Hebrew word, with or without its points', async () => {
    const tag = marker();
    const { reportId } = await record({
      language: 'he',
      description: `צעקו עלינו בְּרְחוֹב ${tag} ליד בית הכנסת`,
    });
    expect(await found(`ברחוב ${tag}`)).toEqual([reportId]);
    expect(await found(`בית הכנסת ${tag}`)).toEqual([reportId]);
  });

  it('writes the audit row before answering, its words sealed in report_search_terms, never in clear', async () => {
    const word = marker();
    const member = (await createStaffMember(server, 'coordinator', `Auditor ${word}`)).staff;
    await search(`${word} secret`, member);
    const [audit] = await query<{ details: { terms: string; words: number; results: number } }>(
      `select details from audit_event where action = 'report.searched' and actor_id = $1`,
      [member.id],
    );
    expect(audit?.details).toMatchObject({ words: 2, results: 0 });
    expect(JSON.stringify(audit)).not.toContain(word);
    const [terms] = await query<{ terms: string }>('select terms from report_search_terms where id = $1', [
      audit?.details.terms,
    ]);
    expect(terms?.terms).not.toContain(word);
    expect(server.services.encryption.openText(terms?.terms ?? '')).toBe(`${word} secret`);
  });

  it('pages through a posted search by its handle: every result, each page audited naming the same sealed words', async () => {
    const word = marker();
    const member = (await createStaffMember(server, 'coordinator', `Pager ${word}`)).staff;
    const ids = new Set<string>();
    // One more than a page.
    for (let n = 0; n <= REPORTS_PAGE_SIZE; n += 1)
      ids.add((await record({ description: `Flyer ${n} with ${word}.` })).reportId);
    const first = await search(word, member);
    expect(first.total).toBe(REPORTS_PAGE_SIZE + 1);
    expect(first.items).toHaveLength(REPORTS_PAGE_SIZE);
    expect(first.searchId).toMatch(/^[0-9a-f-]{36}$/);
    const list = server.services.operationsFor(member).reports.list;
    const second = await list({ sort: 'received-desc', page: 2, searchId: first.searchId });
    expect(second).toMatchObject({ page: 2, total: REPORTS_PAGE_SIZE + 1, search: word, searchId: first.searchId });
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((item) => item.id))).toEqual(ids);
    // The list's filters still apply to the handle's words.
    expect((await list({ sort: 'received-desc', page: 1, searchId: first.searchId, source: 'web' })).total).toBe(0);

    // One sealed copy of the words; one audit row per page, each naming it, neither holding a word.
    const audits = await query<{ details: { terms: string; page: number; results: number } }>(
      `select details from audit_event where action = 'report.searched' and actor_id = $1 order by id`,
      [member.id],
    );
    expect(audits.map((row) => row.details)).toEqual([
      expect.objectContaining({ terms: first.searchId, page: 1, results: REPORTS_PAGE_SIZE + 1 }),
      expect.objectContaining({ terms: first.searchId, page: 2, results: REPORTS_PAGE_SIZE + 1 }),
      expect.objectContaining({ terms: first.searchId, page: 1, results: 0 }),
    ]);
    expect(await query('select id from report_search_terms where actor_id = $1', [member.id])).toHaveLength(1);

    // Another member's handle, a made-up one, or one older than the hour: search again.
    expect(await refusal(list({ sort: 'received-desc', page: 1, searchId: 'x' }))).toBe('search.searchExpired');
    const other = server.services.operationsFor(coordinator).reports.list;
    expect(await refusal(other({ sort: 'received-desc', page: 2, searchId: first.searchId }))).toBe(
      'search.searchExpired',
    );
    await query(`update report_search_terms set searched_at = now() - interval '61 minutes' where id = $1`, [
      first.searchId,
    ]);
    expect(await refusal(list({ sort: 'received-desc', page: 2, searchId: first.searchId }))).toBe(
      'search.searchExpired',
    );
  });

  it('the list page links the pages of a posted search by its handle, never its words; another member is told to search again', async () => {
    const word = marker();
    const member = await signedInSession(server, 'coordinator');
    for (let n = 0; n <= REPORTS_PAGE_SIZE; n += 1) await record({ description: `Poster ${n} with ${word}.` });
    const reportLinks = (html: string) => html.match(/href="\/internal\/reports\/[0-9a-f-]{36}"/g)?.length ?? 0;
    const posted = await postForm(
      server,
      '/internal/reports',
      { intent: 'search', search: word, sort: 'received-desc' },
      member.jar,
    );
    expect(posted.status).toBe(200);
    const html = await posted.text();
    expect(reportLinks(html)).toBe(REPORTS_PAGE_SIZE);
    const links = [...html.matchAll(/href="\/internal\/reports(\?[^"]*)"/g)].map(
      (match) => match[1]?.replaceAll('&amp;', '&') ?? '',
    );
    const next = links.find((link) => link.includes('searched=') && link.includes('page=2'));
    expect(next).toMatch(/^\?sort=received-desc&page=2&searched=[0-9a-f-]{36}$/);
    expect(links.join(' ')).not.toContain(word);

    const get = (jar: CookieJar) =>
      fetch(`${server.baseUrl}/internal/reports${next}`, { headers: { cookie: jar.header() } });
    const second = await get(member.jar);
    expect(second.status).toBe(200);
    const page = await second.text();
    expect(reportLinks(page)).toBe(1);
    expect(page).toContain(`value="${word}"`);
    const expired = `<p>${resources.en.internal.search.errors.searchExpired}</p>`;
    expect(page).not.toContain(expired);

    const other = await signedInSession(server, 'coordinator');
    const refused = await get(other.jar);
    expect(refused.status).toBe(200);
    const unsearched = await refused.text();
    expect(unsearched).toContain(expired);
    expect(unsearched).not.toContain(word);
  });

  it('refuses a viewer, audited as a refusal, and a search without a word of two letters', async () => {
    const viewer = (await createStaffMember(server, 'viewer', 'Vera Search')).staff;
    expect(await refusal(search('anything', viewer))).toBe('FORBIDDEN');
    expect(await refusal(server.services.operationsFor(viewer).reports.views.list())).toBe('FORBIDDEN');
    expect(await refusal(search('a ! ?'))).toBe('search.noWords');
  });

  it('erasure takes the report out of the index; the maintenance pass indexes a report it misses', async () => {
    const word = marker();
    const { reportId } = await record({ description: `Graffiti reading ${word}.` });
    expect(await found(word)).toEqual([reportId]);
    await server.database.db.transaction((tx) =>
      eraseReportData(tx, server.services.encryption, reportId, new Date(), { via: 'request' }),
    );
    expect(await found(word)).toEqual([]);
    expect(await query('select 1 from report_search_token where report_id = $1', [reportId])).toEqual([]);

    // A report the index misses (restored from an old archive): found once the job indexed it.
    const missing = marker();
    const { reportId: restored } = await record({ description: `An old case about ${missing}.` });
    await query('delete from report_search_token where report_id = $1', [restored]);
    await query('delete from report_search_state where report_id = $1', [restored]);
    expect(await found(missing)).toEqual([]);
    while ((await indexMissingReports(server.database.db, server.services.encryption)) > 0) {}
    expect(await found(missing)).toEqual([restored]);

    // `npm run search-index -- --all`: every report indexed again, the erased one with nothing.
    await query('delete from report_search_token where report_id = $1', [restored]);
    const lines: string[] = [];
    await runSearchIndexCommand(
      ['--all'],
      {
        ...process.env,
        NODE_ENV: 'test',
        PUBLIC_URL: 'https://example.test',
        DATA_DIR: server.dataDir,
        DATABASE_URL: server.database.url,
        ENCRYPTION_KEY: server.config.encryptionKey?.toString('base64') ?? '',
      },
      (line) => lines.push(line),
    );
    expect(lines.at(-1)).toMatch(/^Done: \d+ reports indexed/);
    expect(lines.join('\n')).not.toContain(missing);
    expect(await found(missing)).toEqual([restored]);
    expect(await found(word)).toEqual([]);
  });

  it('leaves no searched word in clear anywhere in the database', async () => {
    const word = marker();
    const { reportId } = await record({ description: `A distinctive ${word} in the description.` }, true);
    await server.services.operationsFor(coordinator).reports.addNote(reportId, `Note on ${word}`);
    await search(word);
    await server.services.operationsFor(coordinator).reports.views.save({
      name: 'Distinctive',
      filters: { sort: 'received-desc' },
      search: word,
    });
    expect(await found(word)).toEqual([reportId]);
    const dump = await dumpDatabase(server);
    expect(dump.length).toBeGreaterThan(1000);
    expect(dump.toLowerCase()).not.toContain(word);
  });
});

describe('saved views', () => {
  it('each member saves, lists, opens and deletes only their own; the search sealed', async () => {
    const word = marker();
    const anna = (await createStaffMember(server, 'coordinator', `Anna ${word}`)).staff;
    const ben = (await createStaffMember(server, 'admin', `Ben ${word}`)).staff;
    const annaViews = server.services.operationsFor(anna).reports.views;
    const benViews = server.services.operationsFor(ben).reports.views;

    const saved = await annaViews.save({
      name: 'Online, new',
      filters: { sort: 'incident-desc', status: 'new', type: 'online' },
      search: `${word} tram`,
    });
    expect(saved).toMatchObject({ name: 'Online, new', search: `${word} tram` });
    expect(saved.filters).toMatchObject({ status: 'new', type: 'online', sort: 'incident-desc' });
    await benViews.save({ name: 'Mine', filters: { sort: 'received-desc' }, search: '' });

    expect((await annaViews.list()).map((view) => view.name)).toEqual(['Online, new']);
    expect((await benViews.list()).map((view) => view.name)).toEqual(['Mine']);
    expect(await refusal(benViews.open(saved.id))).toBe('search.viewNotFound');
    expect(await refusal(benViews.remove(saved.id))).toBe('search.viewNotFound');
    expect(await refusal(annaViews.save({ name: 'Online, new', filters: { sort: 'received-desc' }, search: '' }))).toBe(
      'search.viewNameTaken',
    );
    expect(await refusal(annaViews.save({ name: ' ', filters: { sort: 'received-desc' }, search: '' }))).toBe(
      'search.viewNameRequired',
    );

    const [row] = await query<{ search: string; filters: unknown }>(
      'select search, filters from saved_report_view where id = $1',
      [saved.id],
    );
    expect(row?.search).not.toContain(word);
    expect((await annaViews.open(saved.id)).search).toBe(`${word} tram`);
    const audits = await query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from audit_event where actor_id = $1 and action like 'view.%' order by id`,
      [anna.id],
    );
    expect(audits).toEqual([{ action: 'view.saved', details: { view: saved.id, hasSearch: true } }]);

    await annaViews.remove(saved.id);
    expect(await annaViews.list()).toEqual([]);
    expect((await benViews.list()).map((view) => view.name)).toEqual(['Mine']);
  });
});
