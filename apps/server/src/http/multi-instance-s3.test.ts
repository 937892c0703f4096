import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFollowUp, sendFollowUpReply } from '../test/follow-up-helpers.ts';
import { type LocalS3, startLocalS3 } from '../test/s3-site.ts';
import { CookieJar, signedInSession, type TestStaff } from '../test/staff-helpers.ts';
import { postReport, reportPayload, solveAltcha } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

type StoredFile = { id: string; bucket: string; full_path: string; content_type: string };

/**
 * Two instances of the site on one database and one S3 bucket (STORAGE_DRIVER=s3), as behind a
 * load balancer: a file stored through one instance is served by the other.
 */
describe('two instances on one S3 bucket serve the same files', () => {
  let s3: LocalS3;
  let a: TestServer;
  let b: TestServer;
  let coordinator: TestStaff;
  let reportId: string;
  let receipt: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    a = await startTestServer(s3.env);
    // sameSiteAs shares the database, data folder and key, not the settings: B is given the bucket too.
    b = await startTestServer(s3.env, undefined, a);
    const sent = await postReport(a.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(a.baseUrl),
      files: [{ name: 'tram.jpg', data: PHOTO, type: 'image/jpeg' }],
    });
    if (sent.status !== 201) throw new Error(`report answered ${sent.status}`);
    receipt = (sent.body as unknown as { receipt: string }).receipt;
    const { rows } = await a.database.pool.query<{ id: string }>('select id from report');
    reportId = rows[0]?.id ?? '';
    coordinator = await signedInSession(b, 'coordinator');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  const storedFiles = async (condition: string) =>
    (
      await a.database.pool.query<StoredFile>(
        `select id, bucket, full_path, content_type from report_attachment where report_id = $1 and ${condition}`,
        [reportId],
      )
    ).rows;

  /** The file as one instance serves it to staff matches, byte for byte, what the other one stored. */
  async function expectServedAsStored(server: TestServer, storedBy: TestServer, file: StoredFile) {
    const download = await fetch(`${server.baseUrl}/api/internal/reports/${reportId}/attachments/${file.id}`, {
      headers: { cookie: coordinator.jar.header() },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(file.content_type);
    const stored = await storedBy.services.storage.get(file.full_path);
    expect(Buffer.from(await download.arrayBuffer()).equals(stored.data)).toBe(true);
    expect(stored.data.subarray(0, 3).equals(JPEG_SIGNATURE)).toBe(true);
    // In the shared bucket, sealed: nothing of the picture in clear.
    expect(file.bucket).toBe(s3.settings.bucket);
    const raw = await s3.readRaw(file.full_path);
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.subarray(0, 3).equals(JPEG_SIGNATURE)).toBe(false);
    expect(raw.includes(Buffer.from('Exif'))).toBe(false);
  }

  it('hands staff on B the photo of a report submitted to A', async () => {
    const files = await storedFiles('message_id is null');
    expect(files).toHaveLength(1);
    expect(files[0]?.content_type).toBe('image/jpeg');
    await expectServedAsStored(b, a, files[0] as StoredFile);
    // Nothing went to the shared data folder instead of the bucket.
    expect(fs.existsSync(path.join(a.dataDir, 'storage'))).toBe(false);
  });

  it('hands staff on A the file of a follow-up reply sent through B', async () => {
    const jar = new CookieJar();
    expect((await openFollowUp(b.baseUrl, receipt, jar)).status).toBe(200);
    const sent = await sendFollowUpReply(b.baseUrl, jar, 'Nog een foto.', [{ name: 'halte.jpg', data: PHOTO }]);
    expect(sent.status).toBe(201);
    const files = await storedFiles('message_id is not null');
    expect(files).toHaveLength(1);
    await expectServedAsStored(a, b, files[0] as StoredFile);
  });
});
