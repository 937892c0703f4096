import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSession, type TestStaff } from '../test/staff-helpers.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

let server: TestServer;
let coordinator: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  server = await startTestServer();
  const sent = await postReport(server.baseUrl, {
    payload: reportPayload(),
    altcha: await solveAltcha(server.baseUrl),
    files: [{ name: 'IMG_2041.jpg', data: PHOTO, type: 'image/jpeg' }],
  });
  if (sent.status !== 201) throw new Error(`report answered ${sent.status}`);
  coordinator = await signedInSession(server, 'coordinator');
  viewer = await signedInSession(server, 'viewer');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a report's files", () => {
  it('download for coordinators as an attachment under a generated name, never as a page', async () => {
    const { reports } = server.services.operationsFor(coordinator.staff);
    const [item] = (await reports.list({ sort: 'received-desc', page: 1 })).items;
    const report = await reports.open(item?.id ?? '');
    const file = report?.attachments[0];
    expect(file).toMatchObject({ contentType: 'image/jpeg', isImage: true });
    const url = `${server.baseUrl}/api/internal/reports/${report?.id}/attachments/${file?.id}`;

    const download = await fetch(url, { headers: { cookie: coordinator.jar.header() } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="report-[0-9a-f]{8}-file-[0-9a-f]{8}\.jpg"$/,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    // The stored photo, decrypted: upright and without its metadata (no GPS).
    const metadata = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();

    const preview = await fetch(`${url}?preview=1`, { headers: { cookie: coordinator.jar.header() } });
    expect(preview.headers.get('content-disposition')).toMatch(/^inline; /);

    expect((await fetch(url, { headers: { cookie: viewer.jar.header() } })).status).toBe(403);
    expect((await fetch(url)).status).toBe(401);
  });
});
