import { describe, expect, it } from 'vitest';
import { expectedDoor, useAccessMatrix, VISITORS, type Visitor } from '../test/access-matrix.ts';
import { postForm } from '../test/staff-helpers.ts';

/** The access matrix's pages (security target 18): who may open each guarded page (the rest get 403). */
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

const { matrix, request, post, expectNoSecrets } = useAccessMatrix();

describe('the staff area answers every visitor as the access matrix says', () => {
  for (const [pattern, allowed] of Object.entries(PAGES)) {
    for (const visitor of VISITORS) {
      it(`GET ${pattern} as ${visitor}`, async () => {
        const { memberId, reportId, messageId } = matrix();
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

  it('a guessed staff id is 404 for an admin, 403 for everyone else signed in', async () => {
    const guessed = '/internal/staff/2N3xQ8lJv0rTbYh5kWmP7sZ9aF1cE4gD';
    expect((await request('admin', guessed)).status).toBe(404);
    expect((await request('admin', `${guessed}.data`)).status).toBe(404);
    const intent = await post('admin', guessed, { intent: 'disable' });
    expect(intent.status).toBe(404);
    expect((await request('coordinator', guessed)).status).toBe(403);
  });

  it('a report file is for coordinators and admins only; guessed report and file ids give 404', async () => {
    const file = `/api/internal/reports/${matrix().reportId}/attachments/00000000-0000-4000-8000-000000000000`;
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
    const { server, sessions } = matrix();
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
    const { server, sessions } = matrix();
    const { rows } = await server.database.pool.query<{ details: { path: string } }>(
      `select details from audit_event where action = 'access.denied' and actor_id = $1`,
      [sessions.viewer?.staff.id],
    );
    expect(rows.map((row) => row.details.path)).toContain('/internal/audit');
  });
});
