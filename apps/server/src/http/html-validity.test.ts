import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { todayInBelgium } from '@app/core/site/dates';
import { LANGUAGES, type Language, languagePrefix } from '@app/locales/languages';
import { localizedPath, PUBLIC_PAGES, type PublicPage, yearlyPath } from '@app/web/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCaseworkByHand } from '../test/casework-by-hand.ts';
import { storeReport } from '../test/stored-report.ts';
import { SEEDED } from '../test/submission-helpers.ts';
import { formTokenAged, startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Every public page in every language, as the real built server renders it, through the Nu HTML
 * Checker (vnu.jar from the `vnu-jar` package, run once over all of them: one JVM start). Invalid
 * markup came back once unnoticed (review finding 14: `autocomplete="street-address"` on an input,
 * once per language); the count of errors must stay at zero.
 */

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const YEAR = Number(todayInBelgium().slice(0, 4)) - 1;
const COOKIE = '__Host-form-token';

/** The Java the checker runs on, or a clear failure naming the Debian package (.ci/run installs it). */
function requireJava() {
  try {
    execFileSync('java', ['-version'], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(
      `The HTML check needs Java 11 or later to run the Nu HTML Checker (vnu.jar), and "java -version" failed (${(error as Error).message}). On Debian: apt-get install openjdk-17-jre-headless (.ci/run installs it).`,
    );
  }
}

/**
 * A browser's plain form post from one of our pages (under no-referrer its Origin is "null"): as
 * multipart/form-data (the report form, which takes files) or urlencoded (the contact form).
 */
function post(
  server: TestServer,
  urlPath: string,
  fields: Record<string, string>,
  token?: string,
  encoding: 'multipart' | 'urlencoded' = 'multipart',
) {
  let body: FormData | URLSearchParams = new URLSearchParams(fields);
  if (encoding === 'multipart') {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
  }
  return fetch(`${server.baseUrl}${urlPath}`, {
    method: 'POST',
    body,
    headers: { Origin: 'null', 'Sec-Fetch-Site': 'same-origin', ...(token ? { Cookie: `${COOKIE}=${token}` } : {}) },
  });
}

/** What the next step's page carries as hidden fields (the steps typed so far). */
function hiddenFields(html: string): Record<string, string> {
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [
      match[1] ?? '',
      (match[2] ?? '').replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"'),
    ]),
  );
  delete fields.step;
  return fields;
}

type Page = { name: string; html: string };

/** Verified incidents of last year (counts of 3 and more, and one below), so the figures pages have charts and tables. */
async function seedFigures(server: TestServer) {
  const incidents: [string, string, string, number][] = [
    [`${YEAR}-02-10`, 'verbal', 'antwerp', 4],
    [`${YEAR}-05-12`, 'online', 'brussels', 3],
    [`${YEAR}-09-03`, 'harassment', 'limburg', 1],
  ];
  for (const [date, type, province, times] of incidents) {
    for (let index = 0; index < times; index += 1) {
      const reportId = await storeReport(server.services, { date, type });
      await server.database.pool.query(`update report set status = 'in_review' where id = $1`, [reportId]);
      await setCaseworkByHand(server.database.pool, reportId, {
        status: 'verified',
        municipality: 'Gemeente',
        province,
      });
    }
  }
}

async function getPage(server: TestServer, name: string, urlPath: string, status = 200): Promise<Page> {
  const response = await fetch(`${server.baseUrl}${urlPath}`);
  const html = await response.text();
  expect(response.status, `${urlPath}: ${html.slice(0, 200)}`).toBe(status);
  return { name, html };
}

/** The report form without JavaScript: a step with problems, the later steps, and the answer once sent. */
async function reportFormSteps(server: TestServer, language: Language): Promise<Page[]> {
  const urlPath = localizedPath('incidentReport', language);
  const pages: Page[] = [];
  const withProblems = await post(server, urlPath, {
    step: '0',
    intent: 'next',
    firstName: '',
    email: 'not-an-address',
  });
  pages.push({ name: 'incident-report-step-1-problems', html: await withProblems.text() });
  expect(withProblems.status, 'step 1 with problems').toBe(400);

  const first = await post(server, urlPath, {
    step: '0',
    intent: 'next',
    firstName: SEEDED.firstName,
    lastName: SEEDED.lastName,
    phone: SEEDED.phone,
    address: SEEDED.address,
  });
  const second = await first.text();
  expect(first.status, 'step 1').toBe(200);
  pages.push({ name: 'incident-report-step-2', html: second });

  const incident = await post(server, urlPath, {
    ...hiddenFields(second),
    step: '1',
    intent: 'next',
    date: `${YEAR}-11-01`,
    location: SEEDED.location,
    type: 'online',
    onlineUrl1: 'https://social.example/post/1',
    onlinePlatform: 'website',
    description: SEEDED.description,
  });
  const third = await incident.text();
  expect(incident.status, 'step 2').toBe(200);
  pages.push({ name: 'incident-report-step-3', html: third });

  const sent = await post(
    server,
    urlPath,
    {
      ...hiddenFields(third),
      step: '2',
      intent: 'send',
      calledPolice: 'no',
      calledOrganisation: 'no',
      medicalTreatment: 'no',
      sharingConsent: 'ask-first',
      termsAccepted: 'on',
    },
    formTokenAged(server, 30),
  );
  const answer = await sent.text();
  expect(sent.status, `sent: ${answer.slice(0, 200)}`).toBe(200);
  expect(answer).toMatch(/receipt-card__code/);
  pages.push({ name: 'incident-report-sent', html: answer });
  return pages;
}

/** The contact form without JavaScript, answered with its problems. */
async function contactWithProblems(server: TestServer, language: Language): Promise<Page> {
  const fields = { firstName: '', email: 'x', message: '' };
  const response = await post(server, localizedPath('contact', language), fields, undefined, 'urlencoded');
  expect(response.status, 'contact with problems').toBe(400);
  return { name: 'contact-problems', html: await response.text() };
}

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/** Runs the checker once over the files; its JSON report (on stderr) lists the errors. */
function checkHtml(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-Xss2m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 << 20 },
      (error, _stdout, stderr) => {
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(
            new Error(`The Nu HTML Checker gave no report (${error?.message ?? 'no error'}): ${stderr.slice(0, 2000)}`),
          );
        }
      },
    );
  });
}

describe('the HTML of every public page, in every language', () => {
  let server: TestServer;
  let folder = '';
  beforeAll(async () => {
    requireJava();
    server = await startTestServer({ SUBMISSIONS_WITHOUT_CHECK_PER_HOUR: '100', REPORTS_PER_HOUR_PER_IP: '100' });
    await seedFigures(server);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'html-validity-'));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('has no error in the Nu HTML Checker', async () => {
    const files: string[] = [];
    for (const { code } of LANGUAGES) {
      const pages: Page[] = [];
      for (const page of Object.keys(PUBLIC_PAGES) as PublicPage[]) {
        pages.push(await getPage(server, page, localizedPath(page, code)));
      }
      pages.push(await getPage(server, 'incidents-year', yearlyPath(YEAR, code)));
      pages.push(await getPage(server, 'not-found', `${languagePrefix(code)}/no-such-page`, 404));
      pages.push(...(await reportFormSteps(server, code)));
      pages.push(await contactWithProblems(server, code));
      for (const { name, html } of pages) {
        const file = path.join(folder, `${code}-${name}.html`);
        fs.writeFileSync(file, html);
        files.push(file);
      }
    }
    expect(files.length).toBeGreaterThanOrEqual(LANGUAGES.length * 15);

    const errors = (await checkHtml(files)).filter((message) => message.type !== 'info');
    const listed = errors.map(
      (message) =>
        `${path.basename(message.url ?? '?')}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.replaceAll('\n', ' ')}` : ''}`,
    );
    expect(listed, `${errors.length} errors in the Nu HTML Checker:\n${listed.join('\n')}`).toEqual([]);
  }, 180_000);
});
