import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carries, encryptedPdf, IDENTIFYING, identifyingPdf, PAGE_TEXT, plainPdf } from '../test/pdf-fixtures.ts';
import { signedInSession, type TestStaff } from '../test/staff-helpers.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let coordinator: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ REPORTS_PER_HOUR_PER_IP: '1000' });
  coordinator = await signedInSession(server, 'coordinator');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function storedFiles(): string[] {
  const directory = path.join(server.dataDir, 'storage');
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The stored attachment whose (sealed) original name is this test's own. */
async function attachmentNamed(name: string) {
  const { rows } = await server.database.pool.query<{ id: string; report_id: string; original_name: string }>(
    'select id, report_id, original_name from report_attachment',
  );
  return rows.find((row) => server.services.encryption.openText(row.original_name) === name);
}

/** The file as a coordinator downloads it from the report's page. */
async function downloadAsStaff(attachment: { id: string; report_id: string }): Promise<Buffer> {
  const response = await fetch(
    `${server.baseUrl}/api/internal/reports/${attachment.report_id}/attachments/${attachment.id}`,
    { headers: { cookie: coordinator.jar.header() } },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

async function send(name: string, data: Buffer) {
  return postReport(server.baseUrl, {
    payload: reportPayload({ anonymous: true, firstName: '', lastName: '', phone: '', email: '', address: '' }),
    altcha: await solveAltcha(server.baseUrl),
    files: [{ name, data, type: 'application/pdf' }],
  });
}

describe('PDF attachments of a report', () => {
  it('are stored without author, XMP, embedded files or scripts, with their pages and text', async () => {
    const input = await identifyingPdf();
    for (const text of Object.values(IDENTIFYING)) expect(carries(input, text), text).toBe(true);
    const name = `letter-${randomUUID()}.pdf`;
    const sent = await send(name, input);
    expect(sent.status).toBe(201);

    const attachment = await attachmentNamed(name);
    expect(attachment).toBeDefined();
    const stored = await downloadAsStaff(attachment as NonNullable<typeof attachment>);
    for (const text of Object.values(IDENTIFYING)) expect(carries(stored, text), text).toBe(false);

    const pdf = await getDocumentProxy(new Uint8Array(stored));
    expect(pdf.numPages).toBe(2);
    const { info, metadata } = await getMeta(pdf);
    expect(info).not.toHaveProperty('Author');
    expect(info).not.toHaveProperty('Creator');
    expect(metadata).toEqual({});
    expect(await pdf.getAttachments()).toBeNull();
    expect(await pdf.getJSActions()).toBeNull();
    expect(await pdf.getOpenAction()).toBeNull();
    expect((await extractText(pdf, { mergePages: false })).text).toEqual(PAGE_TEXT);
  });

  it('refuse an encrypted PDF, even one without a user password, naming the file and storing nothing', async () => {
    const before = (await server.database.pool.query('select count(*)::int as n from report')).rows[0].n;
    const filesBefore = storedFiles().length;
    for (const password of ['', 'secret']) {
      const name = `protected-${randomUUID()}.pdf`;
      const sent = await send(name, await encryptedPdf(password));
      expect(sent.status).toBe(415);
      expect(sent.body.error).toMatchObject({ code: 'ENCRYPTED_PDF', file: 0 });
      expect(await attachmentNamed(name)).toBeUndefined();
    }
    expect((await server.database.pool.query('select count(*)::int as n from report')).rows[0].n).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('keep an honest PDF readable', async () => {
    const name = `plain-${randomUUID()}.pdf`;
    const sent = await send(name, await plainPdf('An honest letter about the tram stop'));
    expect(sent.status).toBe(201);
    const attachment = await attachmentNamed(name);
    const stored = await downloadAsStaff(attachment as NonNullable<typeof attachment>);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(stored)), { mergePages: false });
    expect(text).toEqual(['An honest letter about the tram stop']);
  });
});
