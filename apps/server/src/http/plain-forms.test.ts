import { randomBytes } from 'node:crypto';
import en from '@app/locales/en/forms.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { PLAIN_IDENTITY, PLAIN_INCIDENT, PLAIN_LAST_STEP, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { formTokenAged, type TestServer } from '../test/test-server.ts';
import { useTestServer } from '../test/use-test-server.ts';

const COOKIE = '__Host-form-token';

const REPORT_STEPS: Record<string, string>[] = [
  { step: '0', intent: 'next', ...PLAIN_IDENTITY },
  { step: '1', intent: 'next', ...PLAIN_INCIDENT },
  { ...PLAIN_LAST_STEP },
];

function multipart(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** A browser's plain form post from one of our pages (under no-referrer its Origin is "null"). */
function post(server: TestServer, path: string, body: FormData | URLSearchParams, cookie?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: `${COOKIE}=${cookie}` } : {}) },
  });
}

async function count(server: TestServer, table: string, where = 'true'): Promise<number> {
  return (await server.database.pool.query(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n;
}

describe('the forms without JavaScript', () => {
  const server = useTestServer({ SUBMISSIONS_WITHOUT_CHECK_PER_HOUR: '3' });

  it('gives the form page a form token as a browser-session cookie, once, also from the page cache', async () => {
    const first = await fetch(`${server.baseUrl}/he/incident-report`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Strict; Secure$`));
    const token = cookie.split(';')[0]?.split('=')[1] ?? '';
    const again = await fetch(`${server.baseUrl}/he/incident-report`, { headers: { Cookie: `${COOKIE}=${token}` } });
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${server.baseUrl}/privacy`)).headers.get('set-cookie')).toBeNull();
  });

  it('refuses a report form posted from another site, before anything is read', async () => {
    const response = await fetch(`${server.baseUrl}/incident-report`, {
      method: 'POST',
      body: multipart(REPORT_STEPS[2] ?? {}),
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(await count(server, 'report')).toBe(0);
  });

  it('stores nothing before the last step, carries the steps as hidden fields, and stores the report once', async () => {
    let carried: Record<string, string> = {};
    for (const fields of REPORT_STEPS.slice(0, 2)) {
      const response = await post(server, '/incident-report', multipart({ ...carried, ...fields }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      const html = await response.text();
      // The next step's page holds what was typed so far, as hidden fields of its form.
      carried = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [
          match[1] ?? '',
          (match[2] ?? '').replaceAll('&amp;', '&').replaceAll('&#x27;', "'"),
        ]),
      );
      delete carried.step;
      expect(await count(server, 'report')).toBe(0);
    }
    expect(carried).toMatchObject({ firstName: SEEDED.firstName, phone: SEEDED.phone });
    expect(carried).toMatchObject({ location: SEEDED.location });

    const token = formTokenAged(server, 30);
    const sent = await post(server, '/incident-report', multipart({ ...carried, ...REPORT_STEPS[2] }), token);
    const html = await sent.text();
    expect(sent.status, html.slice(0, 300)).toBe(200);
    expect(sent.headers.get('cache-control')).toContain('no-store');
    expect(html).toContain(en.reportForm.success);
    expect(html).toMatch(/receipt-card__code/);
    // A new token for the next form goes with the answer.
    expect(sent.headers.get('set-cookie')).toMatch(new RegExp(`^${COOKIE}=`));
    const [row] = (
      await server.database.pool.query(
        'select spam_check, is_anonymous, (select count(*)::int from incident i where i.id = incident_id) as incidents from report',
      )
    ).rows;
    // Its own incident too, made in the same transaction (decision 0037).
    expect(row).toEqual({ spam_check: 'form-token', is_anonymous: false, incidents: 1 });

    // The same form a second time (its answer lost, or the page sent again): its submission key
    // gives the first answer, and nothing is stored twice (decision 0025).
    expect(carried.submissionKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const again = await post(server, '/incident-report', multipart({ ...carried, ...REPORT_STEPS[2] }), token);
    expect(again.status).toBe(200);
    expect(await again.text()).toMatch(/receipt-card__code/);
    expect(await count(server, 'report')).toBe(1);

    // The same token with another report (another key): refused, nothing stored, everything kept in the form.
    const replay = await post(
      server,
      '/incident-report',
      multipart({ ...carried, ...REPORT_STEPS[2], submissionKey: randomBytes(18).toString('base64url') }),
      token,
    );
    const replayHtml = await replay.text();
    expect(replay.status).toBe(400);
    expect(replayHtml).toContain(en.forms.errors.FORM_EXPIRED);
    expect(replayHtml).toContain(`value="${SEEDED.lastName}"`);
    expect(await count(server, 'report')).toBe(1);
  });

  it('refuses a token that is too fresh or missing, keeping what was typed', async () => {
    const fields = { firstName: 'Sarah', email: 'sarah@example.org', message: 'Een vraag zonder JavaScript.' };
    for (const token of [formTokenAged(server, 1), undefined, 'forged.token.value']) {
      const response = await post(server, '/nl/contact', new URLSearchParams(fields), token);
      const html = await response.text();
      expect(response.status).toBe(400);
      expect(html).toContain('Een vraag zonder JavaScript.');
      // The element, not the class's rule in the page's inline stylesheet (decision 0042).
      expect(html).not.toMatch(/class="[^"]*\bform-success\b/);
    }
    expect(await count(server, 'contact_message')).toBe(0);
  });

  it('answers a malformed or unexpected body with the form and a 4xx, never a 500', async () => {
    const broken = await fetch(`${server.baseUrl}/incident-report`, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(broken.status).toBe(400);
    const files = await post(server, '/contact', multipart({ firstName: 'x' }));
    expect(files.status).toBe(415);
  });

  it('counts the submissions without the proof of work under their own lower ceiling, past which they are quarantined; the JavaScript path stays open', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const fields = { firstName: 'Sarah', email: 'sarah@example.org', message: `Message ${index}` };
      const response = await post(server, '/contact', new URLSearchParams(fields), formTokenAged(server, 30));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.text()).toContain(en.forms.errors.RATE_LIMITED);
      }
    }
    // 3 an hour, one of them taken by the report above (the replayed token took none). Past that
    // ceiling, messages are kept in quarantine for staff to look at, not refused (finding 8): one
    // abuser filling the ceiling must not shut every person without JavaScript out for the hour.
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await count(server, 'contact_message', `spam_check = 'form-token' and is_quarantined`)).toBe(2);
    const withScript = await fetch(`${server.baseUrl}/api/contact-messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        altcha: await solveAltcha(server.baseUrl),
        message: { language: 'en', firstName: 'Sarah', email: 'sarah@example.org', message: 'With JavaScript.' },
      }),
    });
    expect(withScript.status).toBe(201);
    expect(await count(server, 'contact_message', `spam_check = 'form-token'`)).toBe(4);
    expect(await count(server, 'contact_message', `spam_check = 'proof-of-work'`)).toBe(1);
  });
});
