import fs from 'node:fs';
import path from 'node:path';
import { validateContactMessage } from '@app/core/forms/contact.schema';
import { validateReport } from '@app/core/forms/report.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitContactMessage } from '../services/intake/submit-contact-message.ts';
import { submitReport } from '../services/intake/submit-report.ts';
import {
  CookieJar,
  codePendingSession,
  createStaffMember,
  passwordOnlySession,
  postForm,
  signedInSession,
  type TestStaff,
} from '../test/staff-helpers.ts';
import { reportPayload, SEEDED } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { prepareAttachment } from '../uploads/attachment.ts';

/**
 * The access matrix (security target 18): every page, data request, action and API of the staff
 * area, for each kind of visitor, with the exact answer expected.
 */
type Visitor = 'anonymous' | 'passwordOnly' | 'codePending' | 'viewer' | 'coordinator' | 'admin';
const VISITORS: Visitor[] = ['anonymous', 'passwordOnly', 'codePending', 'viewer', 'coordinator', 'admin'];
const SIGNED_IN: Visitor[] = ['viewer', 'coordinator', 'admin'];

/** Who may open each guarded page (the rest get 403). */
const PAGES: Record<string, Visitor[]> = {
  '/internal/dashboard': ['viewer', 'coordinator', 'admin'],
  '/internal/stats': ['viewer', 'coordinator', 'admin'],
  '/internal/account': ['viewer', 'coordinator', 'admin'],
  '/internal/reports': ['coordinator', 'admin'],
  '/internal/reports/new': ['coordinator', 'admin'],
  '/internal/reports/:reportId': ['coordinator', 'admin'],
  '/internal/contact-forms': ['coordinator', 'admin'],
  '/internal/contact-forms/:messageId': ['coordinator', 'admin'],
  '/internal/content': ['coordinator', 'admin'],
  '/internal/content/aboutUs/he': ['coordinator', 'admin'],
  '/internal/content/emergencyNotice/yi': ['coordinator', 'admin'],
  '/internal/staff': ['admin'],
  '/internal/staff/:memberId': ['admin'],
  '/internal/tags': ['admin'],
  '/internal/partners': ['admin'],
  '/internal/audit': ['admin'],
};

let server: TestServer;
const sessions = {} as Record<Visitor, TestStaff | undefined>;
let memberId: string;
let reportId: string;
/** Another report, whose incident the matrix's report is linked into and split out of again. */
let otherReportId: string;
let messageId: string;
let fileId: string;
let memberEmail: string;
/** A partner and an evidence pack of the matrix's report, which coordinators and admins refer it with. */
let partnerId: string;
let packId: string;
/** An early warning (decision 0052), acknowledged on the dashboard by the roles that may. */
let warningId: string;

/**
 * What a visitor who may not read it must never receive, in any page, data request or API answer:
 * the reporter's words and identity, the contact message's sender, another member's address.
 */
const secrets = () => [
  SEEDED.description,
  SEEDED.location,
  SEEDED.firstName,
  SEEDED.lastName,
  'Matrix Sender',
  'matrix-sender@example.org',
  memberEmail,
];
const expectNoSecrets = (body: string, context: string) => {
  for (const secret of secrets()) expect(body.includes(secret), `${context} leaks "${secret}"`).toBe(false);
};
const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

beforeAll(async () => {
  server = await startTestServer();
  sessions.anonymous = undefined;
  sessions.passwordOnly = await passwordOnlySession(server, 'coordinator');
  sessions.codePending = await codePendingSession(server, 'admin');
  sessions.viewer = await signedInSession(server, 'viewer');
  sessions.coordinator = await signedInSession(server, 'coordinator');
  sessions.admin = await signedInSession(server, 'admin');
  const member = await createStaffMember(server, 'coordinator', 'Matrix Member');
  memberId = member.staff.id;
  memberEmail = member.staff.email;
  const input = validateReport(reportPayload());
  if (!input.success) throw new Error('invalid test report');
  const photo = await prepareAttachment(PHOTO, 'tram-stop.jpg');
  ({ reportId } = await submitReport(server.services, input.data, [photo], { isQuarantined: false }));
  ({ reportId: otherReportId } = await submitReport(server.services, input.data, [], { isQuarantined: false }));
  const [file] = (await server.services.operationsFor(sessions.admin.staff).reports.open(reportId))?.attachments ?? [];
  fileId = file?.id ?? '';
  const message = validateContactMessage({
    language: 'en',
    firstName: 'Matrix Sender',
    email: 'matrix-sender@example.org',
    message: 'Hello',
  });
  if (!message.success) throw new Error('invalid test message');
  ({ messageId } = await submitContactMessage(server.services, message.data, { isQuarantined: false }));
  const adminOperations = server.services.operationsFor(sessions.admin.staff);
  ({ id: partnerId } = await adminOperations.partners.create({ name: 'Matrix partner', kind: 'victim-support' }));
  await adminOperations.reports.evidencePack(reportId, {
    recipient: 'police',
    language: 'nl',
    format: 'page',
    messages: 'none',
    messageIds: [],
    fileIds: [],
    askedReporter: 'yes',
  });
  packId = (await adminOperations.referrals.forReport(reportId)).packs[0]?.packId ?? '';
  const warning = await server.database.pool.query<{ id: string }>(
    `insert into early_warning (rule, subject_key, municipality, incident_type, incident_count, first_date, last_date)
     values ('place-type', 'matrixstad|verbal', 'Matrixstad', 'verbal', 3, '2026-01-01', '2026-01-03') returning id`,
  );
  warningId = warning.rows[0]?.id ?? '';
}, 180_000); // a member of every role signs in (scrypt at OWASP strength): room for a busy machine

afterAll(async () => {
  await server?.close();
});

function request(visitor: Visitor, path: string, init: RequestInit = {}) {
  const jar = sessions[visitor]?.jar ?? new CookieJar();
  return fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { cookie: jar.header(), origin: server.baseUrl, ...init.headers },
  });
}

/** What a visitor who may not be there gets, before any page code runs. */
function expectedDoor(visitor: Visitor, path: string) {
  // A browser that gave the password of an enrolled account but not yet its code has no session.
  if (visitor === 'anonymous' || visitor === 'codePending') return `/internal/login?next=${encodeURIComponent(path)}`;
  if (visitor === 'passwordOnly') return '/internal/enrol';
  return undefined;
}

describe('the staff area answers every visitor as the access matrix says', () => {
  for (const [pattern, allowed] of Object.entries(PAGES)) {
    for (const visitor of VISITORS) {
      it(`GET ${pattern} as ${visitor}`, async () => {
        const path = pattern
          .replace(':memberId', memberId)
          .replace(':reportId', reportId)
          .replace(':messageId', messageId);
        const [page, data] = await Promise.all([request(visitor, path), request(visitor, `${path}.data`)]);
        const door = expectedDoor(visitor, path);
        if (door) {
          expect(page.status).toBe(302);
          expect(page.headers.get('location')).toBe(door);
          // A client-side navigation gets React Router's redirect to the same door, never the page's data.
          expect(data.status).toBe(202);
          const body = await data.text();
          expect(body).toContain(`"redirect","${door}"`);
          expectNoSecrets(body + (await page.text()), `${path} for ${visitor}`);
          return;
        }
        const expected = allowed.includes(visitor) ? 200 : 403;
        expect(page.status).toBe(expected);
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(data.status).toBe(expected);
        // A refused page carries nothing; a viewer's dashboard and statistics carry no personal data.
        if (expected === 403 || visitor === 'viewer') {
          expectNoSecrets((await page.text()) + (await data.text()), `${path} for ${visitor}`);
        }
      });
    }
  }

  for (const visitor of VISITORS) {
    it(`POST actions as ${visitor}`, async () => {
      const create = await request(visitor, '/internal/staff', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'Matrix Member', email: `matrix-${visitor}@example.org`, role: 'admin' }),
      });
      const door = expectedDoor(visitor, '/internal/staff');
      if (door) {
        expect(create.status).toBe(302);
        expect(create.headers.get('location')).toBe(door);
      } else {
        expect(create.status).toBe(visitor === 'admin' ? 200 : 403);
      }
      const members = await server.services.commandLine.staff.list();
      expect(members.some((member) => member.email === `matrix-${visitor}@example.org`)).toBe(visitor === 'admin');
    });

    it(`/api/internal as ${visitor}`, async () => {
      const response = await request(visitor, '/api/internal/anything');
      expect(response.status).toBe(SIGNED_IN.includes(visitor) ? 404 : 401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const api: [string, Visitor[]][] = [
        ['/api/internal/exports/stats.csv', ['viewer', 'coordinator', 'admin']],
        ['/api/internal/exports/reports.csv', ['coordinator', 'admin']],
        [`/api/internal/reports/${reportId}/attachments/${fileId}`, ['coordinator', 'admin']],
        [`/api/internal/reports/${reportId}/attachments/${fileId}?preview=1`, ['coordinator', 'admin']],
      ];
      for (const [path, allowed] of api) {
        const answer = await request(visitor, path);
        const expected = allowed.includes(visitor) ? 200 : SIGNED_IN.includes(visitor) ? 403 : 401;
        expect(answer.status, path).toBe(expected);
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
        const body = Buffer.from(await answer.arrayBuffer());
        if (expected !== 200) {
          expect(body.byteLength, path).toBeLessThan(100);
          expectNoSecrets(body.toString('utf8'), `${path} for ${visitor}`);
        }
      }
      // An evidence pack (a form POST): coordinators and admins only; a refusal carries nothing.
      const packPath = `/api/internal/reports/${reportId}/evidence-pack`;
      const pack = await request(visitor, packPath, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          recipient: 'police',
          language: 'nl',
          format: 'page',
          messages: 'all',
          fileIds: fileId,
          // The report's "ask me first" (reportPayload): the coordinator asked, and was told yes.
          askedReporter: 'yes',
        }),
      });
      const packExpected = ['coordinator', 'admin'].includes(visitor) ? 200 : SIGNED_IN.includes(visitor) ? 403 : 401;
      expect(pack.status, packPath).toBe(packExpected);
      expect(pack.headers.get('cache-control'), packPath).toBe('no-store');
      if (packExpected !== 200) expectNoSecrets(await pack.text(), `${packPath} for ${visitor}`);
    });

    it(`every page action as ${visitor}`, async () => {
      const actions: [string, Record<string, string>, Visitor[]][] = [
        [
          `/internal/reports/${reportId}`,
          { intent: 'note', note: `Matrix note by ${visitor}` },
          ['coordinator', 'admin'],
        ],
        [`/internal/reports/${reportId}`, { intent: 'reveal' }, ['coordinator', 'admin']],
        [
          `/internal/reports/${reportId}`,
          { intent: 'reminder-set', dueOn: '2099-01-01', note: `Matrix reminder by ${visitor}` },
          ['coordinator', 'admin'],
        ],
        // The legal hold (decision 0040): set, reviewed and lifted by each who may, so the next finds none.
        [
          `/internal/reports/${reportId}`,
          { intent: 'hold-set', reason: `Matrix hold by ${visitor}` },
          ['coordinator', 'admin'],
        ],
        [`/internal/reports/${reportId}`, { intent: 'hold-review' }, ['coordinator', 'admin']],
        [`/internal/reports/${reportId}`, { intent: 'hold-lift' }, ['coordinator', 'admin']],
        // The answer to a request for erasure (decision 0046), which waits again for each visitor.
        [
          `/internal/reports/${reportId}`,
          { intent: 'erasure-answer', answer: 'refuse', reason: 'legal-obligation' },
          ['coordinator', 'admin'],
        ],
        // A referral (decision 0050): the report's "ask me first", agreed by phone.
        [
          `/internal/reports/${reportId}`,
          { intent: 'refer', partner: partnerId, pack: packId, agreedOn: '2026-01-05', agreedVia: 'phone' },
          ['coordinator', 'admin'],
        ],
        // Support given (decision 0053): the needs, the safety plan and a service, from a fresh start for each visitor.
        [
          `/internal/reports/${reportId}`,
          { intent: 'support-needs', revision: '1', needs: 'legal' },
          ['coordinator', 'admin'],
        ],
        [
          `/internal/reports/${reportId}`,
          { intent: 'safety-plan', revision: '2', plan: `Matrix safety plan by ${visitor}` },
          ['coordinator', 'admin'],
        ],
        [
          `/internal/reports/${reportId}`,
          {
            intent: 'support-service',
            need: 'legal',
            description: `Matrix support by ${visitor}`,
            givenBy: `staff:${sessions[visitor]?.staff.id ?? ''}`,
            givenOn: '2026-01-05',
          },
          ['coordinator', 'admin'],
        ],
        ['/internal/partners', { intent: 'create', name: `Matrix partner of ${visitor}`, kind: 'other' }, ['admin']],
        ['/internal/account', { intent: 'daily-digest', dailyDigest: 'yes' }, ['coordinator', 'admin']],
        [`/internal/contact-forms/${messageId}`, { intent: 'unarchive' }, ['coordinator', 'admin']],
        ['/internal/content', { emergencyNumber: '112', policeNumber: '101' }, ['coordinator', 'admin']],
        ['/internal/content/aboutUs/nl', { intent: 'save', body: `Over ons (${visitor})` }, ['coordinator', 'admin']],
        [`/internal/staff/${memberId}`, { intent: 'password-link' }, ['admin']],
        // Search across sealed text and saved views (decision 0055): posted forms of the report list.
        ['/internal/reports', { intent: 'search', search: `matrix ${visitor}` }, ['coordinator', 'admin']],
        [
          '/internal/reports',
          { intent: 'save-view', name: `Matrix view of ${visitor}`, search: 'matrix', status: 'new' },
          ['coordinator', 'admin'],
        ],
        // Acknowledging an early warning (decision 0052), not yet acknowledged again for each visitor.
        [
          '/internal/dashboard',
          { intent: 'acknowledge-warning', warning: warningId, count: '3' },
          ['coordinator', 'admin'],
        ],
      ];
      await server.database.pool.query(
        'update early_warning set acknowledged_count = 0, acknowledged_at = null, acknowledged_by = null where id = $1',
        [warningId],
      );
      for (const table of ['support_service', 'support_need', 'report_support']) {
        await server.database.pool.query(`delete from ${table} where report_id = $1`, [reportId]);
      }
      await server.database.pool.query(
        `insert into reporter_request (report_id, kind) values ($1, 'erasure')
         on conflict (report_id, kind)
         do update set answered_at = null, answered_by = null, outcome = null, refusal_reason = null`,
        [reportId],
      );
      for (const [path, fields, allowed] of actions) {
        const answer = await request(visitor, path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        });
        const door = expectedDoor(visitor, path);
        if (door) {
          expect(answer.status, path).toBe(302);
          expect(answer.headers.get('location'), path).toBe(door);
        } else expect(answer.status, `${path} ${fields.intent}`).toBe(allowed.includes(visitor) ? 200 : 403);
        if (!allowed.includes(visitor)) expectNoSecrets(await answer.text(), `${path} for ${visitor}`);
      }
      // Saved views (decision 0055): the view saved above exists exactly when this visitor may save one;
      // deleting it is theirs alone, and a visitor who may not gets the same refusal for any id.
      const ownViews = await server.database.pool.query<{ id: string }>(
        'select id from saved_report_view where member_id = $1',
        [sessions[visitor]?.staff.id ?? ''],
      );
      expect(ownViews.rows.length, `view of ${visitor}`).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      if (ownViews.rows[0]) {
        // Opened by its id: the list with the view's filters and search (an audited search).
        const opened = await request(visitor, `/internal/reports?view=${ownViews.rows[0].id}`);
        expect(opened.status, `view opened by ${visitor}`).toBe(200);
        expect(await opened.text()).toContain(`Matrix view of ${visitor}`);
      }
      const removal = await request(visitor, '/internal/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'delete-view',
          view: ownViews.rows[0]?.id ?? '00000000-0000-4000-8000-000000000000',
        }),
      });
      const viewsDoor = expectedDoor(visitor, '/internal/reports');
      expect(removal.status, `delete-view by ${visitor}`).toBe(
        viewsDoor ? 302 : ['coordinator', 'admin'].includes(visitor) ? 200 : 403,
      );
      // Searches are audited for those who may search, with their words sealed; nobody else's are recorded.
      const searches = await server.database.pool.query(
        `select count(*)::int as n from audit_event where action = 'report.searched' and actor_id = $1`,
        [sessions[visitor]?.staff.id ?? ''],
      );
      // The posted search, and the saved view's search when it was opened.
      expect(searches.rows[0].n, `searches by ${visitor}`).toBe(['coordinator', 'admin'].includes(visitor) ? 2 : 0);
      // Only the allowed left a trace: support recorded by this visitor exists exactly when they may record it.
      const supported = await server.database.pool.query(
        `select count(*)::int as n from support_service s join report_support r on r.report_id = s.report_id
          where s.report_id = $1 and s.recorded_by = $2 and r.safety_plan is not null`,
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(supported.rows[0].n, `support by ${visitor}`).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a referral by this visitor exists exactly when they may refer.
      const referred = await server.database.pool.query(
        'select count(*)::int as n from referral where report_id = $1 and referred_by = $2',
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(referred.rows[0].n, `referral by ${visitor}`).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a reminder and a digest choice exist exactly when they may set them.
      const reminders = await server.database.pool.query(
        `select count(*)::int as n from report_reminder r join staff_mail_preference p on p.staff_id = r.created_by
          where r.report_id = $1 and r.created_by = $2 and p.daily_digest`,
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(reminders.rows[0].n, visitor).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a note by this visitor exists exactly when they may write one.
      const { rows } = await server.database.pool.query(
        'select count(*)::int as n from report_note where report_id = $1 and author_id = $2',
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(rows[0].n).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      const edits = await server.database.pool.query('select count(*)::int as n from content_version where body = $1', [
        `Over ons (${visitor})`,
      ]);
      expect(edits.rows[0].n).toBe(['coordinator', 'admin'].includes(visitor) ? 1 : 0);
      const acknowledged = await server.database.pool.query(
        `select count(*)::int as n from audit_event where action = 'early-warning.acknowledged' and subject_id = $1 and actor_id = $2`,
        [warningId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(acknowledged.rows[0].n, `acknowledged by ${visitor}`).toBe(
        ['coordinator', 'admin'].includes(visitor) ? 1 : 0,
      );
    });
  }

  for (const visitor of VISITORS) {
    it(`records a report from another channel as ${visitor}`, async () => {
      // The page's plain form (decision 0051): the web form's fields, the channel, a receipt.
      const path = '/internal/reports/new';
      const answer = await request(visitor, path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          source: 'phone',
          language: 'he',
          receipt: 'yes',
          firstName: SEEDED.firstName,
          lastName: SEEDED.lastName,
          phone: SEEDED.phone,
          date: '2026-11-01',
          location: SEEDED.location,
          type: 'verbal',
          description: SEEDED.description,
          calledPolice: 'no',
          calledOrganisation: 'no',
          medicalTreatment: 'no',
          sharingConsent: 'ask-first',
          termsAccepted: 'on',
        }),
      });
      const allowed = ['coordinator', 'admin'].includes(visitor);
      const door = expectedDoor(visitor, path);
      if (door) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get('location')).toBe(door);
      } else {
        expect(answer.status).toBe(allowed ? 200 : 403);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      const body = await answer.text();
      if (!allowed) expectNoSecrets(body, `${path} for ${visitor}`);
      // The receipt is on the answer, in groups of four, exactly when the report was recorded.
      expect(/\d{4} \d{4} \d{4} \d{4}/.test(body.replaceAll(/<[^>]+>/g, '')), visitor).toBe(allowed);
      const { rows } = await server.database.pool.query(
        `select count(*)::int as n from report where recorded_by = $1 and source = 'phone' and receipt_hash is not null`,
        [sessions[visitor]?.staff.id ?? ''],
      );
      expect(rows[0].n).toBe(allowed ? 1 : 0);
    });
  }

  for (const visitor of VISITORS) {
    it(`links a report into another incident and splits it out as ${visitor}`, async () => {
      const path = `/internal/reports/${reportId}`;
      const incidentOf = async (id: string) =>
        (await server.database.pool.query('select incident_id from report where id = $1', [id])).rows[0].incident_id;
      const post = async (fields: Record<string, string>) =>
        request(visitor, path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        });
      const allowed = ['coordinator', 'admin'].includes(visitor);
      const door = expectedDoor(visitor, path);
      const before = await incidentOf(reportId);
      const link = await post({ intent: 'incident-link', from: before, target: otherReportId });
      if (door) expect(link.headers.get('location')).toBe(door);
      else expect(link.status).toBe(allowed ? 200 : 403);
      if (!allowed) expectNoSecrets(await link.text(), `${path} incident-link for ${visitor}`);
      expect(await incidentOf(reportId)).toBe(allowed ? await incidentOf(otherReportId) : before);
      const split = await post({ intent: 'incident-split', from: await incidentOf(reportId) });
      if (door) expect(split.headers.get('location')).toBe(door);
      else expect(split.status).toBe(allowed ? 200 : 403);
      expect(await incidentOf(reportId)).not.toBe(await incidentOf(otherReportId));
      const { rows } = await server.database.pool.query(
        `select count(*)::int as n from audit_event
          where subject_id = $1 and action in ('report.linked', 'report.split') and actor_id = $2`,
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(rows[0].n).toBe(allowed ? 2 : 0);
    });
  }

  for (const visitor of VISITORS) {
    it(`classifies a report's incident as ${visitor}`, async () => {
      const path = `/internal/reports/${reportId}`;
      const incident = async () =>
        (
          await server.database.pool.query(
            'select i.id, i.revision, i.category from incident i join report r on r.incident_id = i.id where r.id = $1',
            [reportId],
          )
        ).rows[0] as { id: string; revision: number; category: string | null };
      const before = await incident();
      const allowed = ['coordinator', 'admin'].includes(visitor);
      const door = expectedDoor(visitor, path);
      const category = visitor === 'admin' ? 'assault' : 'threats';
      const answer = await request(visitor, path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([
          ['intent', 'classify'],
          ['incident', before.id],
          ['revision', String(before.revision)],
          ['category', category],
          ['manifestations', 'modern'],
          ['manifestations', 'othering'],
          ['placeType', 'online'],
        ]),
      });
      if (door) expect(answer.headers.get('location')).toBe(door);
      else expect(answer.status).toBe(allowed ? 200 : 403);
      if (!allowed) expectNoSecrets(await answer.text(), `${path} classify for ${visitor}`);
      expect((await incident()).category).toBe(allowed ? category : before.category);
      const { rows } = await server.database.pool.query(
        `select count(*)::int as n from audit_event where subject_id = $1 and action = 'incident.classified' and actor_id = $2`,
        [reportId, sessions[visitor]?.staff.id ?? ''],
      );
      expect(rows[0].n).toBe(allowed ? 1 : 0);
    });
  }

  it('a guessed staff id is 404 for an admin, 403 for everyone else signed in', async () => {
    const guessed = '/internal/staff/2N3xQ8lJv0rTbYh5kWmP7sZ9aF1cE4gD';
    expect((await request('admin', guessed)).status).toBe(404);
    expect((await request('admin', `${guessed}.data`)).status).toBe(404);
    const intent = await request('admin', guessed, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'disable' }),
    });
    expect(intent.status).toBe(404);
    expect((await request('coordinator', guessed)).status).toBe(403);
  });

  it('a report file is for coordinators and admins only; guessed report and file ids give 404', async () => {
    const file = `/api/internal/reports/${reportId}/attachments/00000000-0000-4000-8000-000000000000`;
    const expected: Record<Visitor, number> = {
      anonymous: 401,
      passwordOnly: 401,
      codePending: 401,
      viewer: 403,
      coordinator: 404,
      admin: 404,
    };
    for (const visitor of VISITORS) expect((await request(visitor, file)).status, visitor).toBe(expected[visitor]);
    const guessedReport = '/internal/reports/5d6c3b1a-0f4e-4c2b-9a8d-7e6f5a4b3c2d';
    expect((await request('coordinator', guessedReport)).status).toBe(404);
    expect((await request('coordinator', '/internal/reports/not-a-report')).status).toBe(404);
    for (const guessed of ['/internal/content/notAKey/he', '/internal/content/aboutUs/de']) {
      expect((await request('coordinator', guessed)).status, guessed).toBe(404);
      expect((await request('coordinator', `${guessed}.data`)).status, guessed).toBe(404);
    }
    expect((await request('coordinator', '/internal/contact-forms/5d6c3b1a-0f4e-4c2b-9a8d-7e6f5a4b3c2d')).status).toBe(
      404,
    );
  });

  it('the sign-in pages open without a session, and only the enrolment page opens before the second factor', async () => {
    expect((await request('anonymous', '/internal/login')).status).toBe(200);
    expect((await request('anonymous', '/internal/set-password?token=not-a-real-token-at-all')).status).toBe(200);
    expect((await request('anonymous', '/internal/enrol')).status).toBe(302);
    expect((await request('passwordOnly', '/internal/enrol')).status).toBe(200);
    expect((await request('viewer', '/internal/enrol')).headers.get('location')).toBe('/internal/dashboard');
    expect((await request('anonymous', '/internal/login/code')).headers.get('location')).toMatch(
      /^\/internal\/login\?next=.*reason=challengeExpired$/,
    );
  });

  it('refuses a state-changing request from a foreign origin with 403', async () => {
    const response = await postForm(server, '/internal/login', { email: 'a@example.org', password: 'x' });
    expect(response.status).toBe(400);
    const foreignHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreignHeaders) {
      const foreign = await fetch(`${server.baseUrl}/internal/sign-out`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: sessions.admin?.jar.header() ?? '', ...headers },
      });
      expect(foreign.status).toBe(403);
    }
    // The admin's session survived both attempts.
    expect((await request('admin', '/internal/dashboard')).status).toBe(200);
  });

  it('records refused pages in the audit log', async () => {
    const { rows } = await server.database.pool.query<{ details: { path: string } }>(
      `select details from audit_event where action = 'access.denied' and actor_id = $1`,
      [sessions.viewer?.staff.id],
    );
    expect(rows.map((row) => row.details.path)).toContain('/internal/audit');
  });
});
