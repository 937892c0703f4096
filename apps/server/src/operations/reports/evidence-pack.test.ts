import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportAttachment } from '../../db/schema.ts';
import { REPORTER_REPLY, STAFF_REPLY, sha256, useEvidencePackSite, YIDDISH } from '../../test/evidence-pack-helpers.ts';
import { ANONYMOUS, SEEDED } from '../../test/submission-helpers.ts';

/** What an evidence pack holds: the reporter's identity only with consent, the zip, the page. */

const site = useEvidencePackSite();
const { newReport, setConsent, ids, produce, auditRows, postPack } = site;

describe('the reporter’s identity in an evidence pack', () => {
  it('goes in only with the reporter’s consent and the coordinator’s confirmation', async () => {
    const id = await newReport();
    await setConsent(id, 'yes');
    const confirmed = await produce(id, { includeIdentity: 'yes' });
    expect(confirmed.document.identity).toMatchObject({
      consent: 'yes',
      firstName: SEEDED.firstName,
      lastName: SEEDED.lastName,
      email: SEEDED.email,
    });
    // Consent without the confirmation: withheld.
    expect((await produce(id, { includeIdentity: undefined })).document.identity).toBeNull();
    const [withIdentity, withoutTick] = await auditRows(id);
    expect(withIdentity?.details).toMatchObject({ identityIncluded: true, consent: 'yes', identityConfirmed: true });
    expect(withoutTick?.details).toMatchObject({ identityIncluded: false, consent: 'yes', identityConfirmed: false });
  });

  it('is never made after a "no", nor after "ask me first" or no answer before the reporter was asked (decision 0048)', async () => {
    const refused = await newReport();
    await setConsent(refused, 'no');
    // Not even without the identity, whatever the coordinator ticked.
    await expect(produce(refused, { askedReporter: 'yes', format: 'page' })).rejects.toMatchObject({
      code: 'evidencePack.consentRefused',
    });
    for (const consent of [null, 'ask-first'] as const) {
      const id = await newReport();
      await setConsent(id, consent);
      await expect(produce(id, { includeIdentity: 'yes' }), String(consent)).rejects.toMatchObject({
        code: 'evidencePack.askFirst',
      });
      // Once asked (no answer is treated as "ask me first", as the privacy policy says), it is made.
      const pack = await produce(id, { askedReporter: 'yes', includeIdentity: 'yes', format: 'page' });
      expect(pack.document.identity, String(consent)).toMatchObject({ lastName: SEEDED.lastName });
    }
    // A refusal leaves nothing: no audit row, nothing for the reporter's list of what was shared.
    expect(await auditRows(refused)).toEqual([]);
    const { rows } = await site.server.database.pool.query('select 1 from report_disclosure where report_id = $1', [
      refused,
    ]);
    expect(rows).toEqual([]);
  });

  it('goes in for "ask me first" once the coordinator asked and got a yes, and confirms', async () => {
    const id = await newReport();
    await setConsent(id, 'ask-first');
    expect((await produce(id, { askedReporter: 'yes' })).document.identity).toBeNull();
    const pack = await produce(id, { askedReporter: 'yes', includeIdentity: 'yes' });
    expect(pack.document.identity).toMatchObject({ consent: 'ask-first', lastName: SEEDED.lastName });
    expect((await auditRows(id)).at(-1)?.details).toMatchObject({ askedReporter: true, identityIncluded: true });
  });

  it('never exists for an anonymous report, whatever was ticked', async () => {
    const id = await newReport({
      ...ANONYMOUS,
    });
    await setConsent(id, 'yes');
    expect((await produce(id, { includeIdentity: 'yes' })).document.identity).toBeNull();
  });

  it('is named nowhere in a pack without it: not in the page, the manifest or the file names', async () => {
    // The reporter said yes, but the coordinator did not tick the identity: it stays out entirely.
    const id = await newReport();
    const response = await postPack(site.coraSession, id, {
      recipient: 'unia',
      language: 'fr',
      format: 'page',
      messages: 'all',
      fileIds: (await ids(id)).files,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const value of [SEEDED.firstName, SEEDED.lastName, SEEDED.phone, SEEDED.email, SEEDED.address]) {
      expect(html).not.toContain(value);
    }
    expect(html).toContain('data-identity="withheld"');
    expect(html).toContain('L’identité de la personne qui signale n’est pas communiquée.');
    // The reporter's file name ("Rivka-tramhalte.jpg") never travels: the pack names its files itself.
    expect(html).not.toContain('Rivka');
    expect(html).toContain('files/01.jpg');
  });
});

describe('the zip of a pack', () => {
  it('is a valid zip whose manifest gives each file’s plaintext SHA-256, sent as a download under a generated name', async () => {
    const id = await newReport({ description: YIDDISH });
    const { files } = await ids(id);
    const response = await postPack(site.coraSession, id, {
      recipient: 'police',
      language: 'nl',
      format: 'zip',
      messages: 'all',
      fileIds: files,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="evidence-pack-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip"$/);
    // The staff area's security headers.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-pack-'));
    try {
      const zip = path.join(folder, 'pack.zip');
      fs.writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
      const check = execFileSync('unzip', ['-t', zip], { encoding: 'utf8' });
      expect(check).toContain('No errors detected');
      execFileSync('unzip', ['-q', zip, '-d', path.join(folder, 'out')]);
      const out = (name: string) => fs.readFileSync(path.join(folder, 'out', name));
      const manifest = JSON.parse(out('manifest.json').toString('utf8')) as {
        files: { name: string; size: number; type: string; sha256: string }[];
        identityIncluded: boolean;
      };
      expect(manifest.identityIncluded).toBe(false);
      expect(manifest.files.map((file) => file.name)).toEqual(['evidence-pack.html', 'files/01.jpg', 'files/02.jpg']);
      // Each entry says whether its metadata was removed (photos always; PDFs since decision 0031).
      expect(manifest.files.map((file) => (file as { metadataRemoved?: boolean }).metadataRemoved)).toEqual([
        true,
        true,
        true,
      ]);

      // The plaintext of each file, as the site stores it (sealed storage opens it), hashes to the manifest's value.
      const stored = await site.server.services.db
        .select({ id: reportAttachment.id, fullPath: reportAttachment.fullPath })
        .from(reportAttachment)
        .where(eq(reportAttachment.reportId, id));
      const byId = new Map(stored.map((row) => [row.id, row.fullPath]));
      for (const [index, fileId] of files.entries()) {
        const { data: plaintext } = await site.server.services.storage.get(byId.get(fileId) ?? '');
        const entry = manifest.files[index + 1];
        expect(entry?.sha256).toBe(sha256(plaintext));
        expect(entry?.size).toBe(plaintext.length);
        expect(sha256(out(entry?.name ?? ''))).toBe(sha256(plaintext));
      }
      expect(manifest.files[0]?.sha256).toBe(sha256(out('evidence-pack.html')));
      const csv = out('manifest.csv').toString('utf8');
      expect(csv.split('\r\n')[0]).toBe('\uFEFFname,size_bytes,content_type,sha256,metadata_removed');
      for (const file of manifest.files) {
        expect(csv).toContain(`${file.name},${file.size},${file.type},${file.sha256},yes`);
      }

      // The page inside the zip: the reporter's words as written, the photos by their names in the zip.
      const page = out('evidence-pack.html').toString('utf8');
      expect(page).toContain(`lang="nl" dir="auto">${YIDDISH}</div>`);
      expect(page).toContain('<img src="files/01.jpg"');
      expect(page).toContain(manifest.files[1]?.sha256);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the page of a pack', () => {
  it('is print-ready HTML without a script, the reporter’s words escaped, never cached', async () => {
    const id = await newReport({ description: `<script>alert(1)</script> ${YIDDISH}`, language: 'yi' });
    const response = await postPack(site.coraSession, id, { language: 'en', format: 'page' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^inline; filename="evidence-pack-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.html"$/,
    );
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt; ${YIDDISH}`);
    expect(html).toContain('<div class="words" lang="yi" dir="auto">');
    expect(html).toContain('Language of the report</dt><dd>Yiddish</dd>');
    expect(html).toContain('The messages exchanged with the reporter are not part of this pack.');
    expect(html).toContain('No files are part of this pack.');
    expect(html).not.toContain(REPORTER_REPLY);
    expect(html).not.toContain(STAFF_REPLY);
    expect(html).toContain('font/woff2;base64,');
  });
});
