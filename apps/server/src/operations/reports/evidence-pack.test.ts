import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EvidencePackInput } from '@app/core/evidence-pack';
import { validateReport } from '@app/core/report.schema';
import type { StaffIdentity } from '@app/core/staff-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportAttachment, reportMessage } from '../../db/schema.ts';
import { attachmentRows, storeAttachments, submitReport } from '../../services/report.service.ts';
import { createStaffMember, signedInSession, type TestStaff } from '../../test/staff-helpers.ts';
import { reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { prepareAttachment } from '../../uploads/attachment.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/photo-with-gps.jpg'));
const YIDDISH = 'אַ ייִדישער טעקסט מיט נקודות: מע האָט געשריגן אויף מײַן זון.';
const REPORTER_REPLY = 'Hij stond er gisteren weer, bij dezelfde tramhalte.';
const STAFF_REPLY = 'Dank u. Mogen we dit aan de politie doorgeven?';

let server: TestServer;
let cora: StaffIdentity;
let vera: StaffIdentity;
let coraSession: TestStaff;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** A report with a photo, the reporter's answer with a second photo, and a staff reply. */
async function newReport(overrides: Record<string, unknown> = {}) {
  const result = validateReport(reportPayload(overrides));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  const photo = await prepareAttachment(PHOTO, 'Rivka-tramhalte.jpg');
  const { reportId } = await submitReport(server.services, result.data, [photo], { isQuarantined: false });
  const { db, encryption } = server.services;
  const messageId = randomUUID();
  await db.insert(reportMessage).values({
    id: messageId,
    reportId,
    author: 'reporter',
    body: encryption.sealText(REPORTER_REPLY),
    createdAt: new Date(Date.now() + 1_000),
  });
  const { stored } = await storeAttachments(server.services, reportId, [await prepareAttachment(PHOTO, 'tweede.jpg')]);
  await db.insert(reportAttachment).values(attachmentRows(encryption, reportId, stored, messageId));
  expect(await reports(cora).reply(reportId, STAFF_REPLY)).toEqual({ ok: true });
  return reportId;
}

/** Sets the reporter's answer to "may we pass your report on?", sealed as the form stores it. */
async function setConsent(id: string, consent: 'yes' | 'no' | 'ask-first' | null) {
  await server.database.pool.query('update report set sharing_consent = $2 where id = $1', [
    id,
    consent === null ? null : server.services.encryption.sealText(consent),
  ]);
}

const reports = (actor: StaffIdentity) => server.services.operationsFor(actor).reports;

async function ids(reportId: string) {
  const detail = await reports(cora).open(reportId);
  if (!detail?.thread) throw new Error('no thread');
  return {
    messages: detail.thread.messages.map((message) => message.id),
    fromReporter: detail.thread.messages
      .filter((message) => message.author === 'reporter')
      .map((message) => message.id),
    files: [
      ...detail.attachments.map((file) => file.id),
      ...detail.thread.messages.flatMap((message) => message.attachments.map((file) => file.id)),
    ],
  };
}

async function input(reportId: string, overrides: Partial<EvidencePackInput> = {}): Promise<EvidencePackInput> {
  return {
    recipient: 'police',
    language: 'nl',
    format: 'zip',
    messages: 'all',
    messageIds: [],
    fileIds: (await ids(reportId)).files,
    ...overrides,
  };
}

async function produce(reportId: string, overrides: Partial<EvidencePackInput> = {}) {
  const result = await reports(cora).evidencePack(reportId, await input(reportId, overrides));
  if (!result.ok) throw new Error(result.code);
  return result.pack;
}

async function auditRows(reportId: string) {
  const { rows } = await server.database.pool.query(
    `select action, actor_id, details from audit_event
     where subject_id = $1 and action = 'report.evidence-pack-produced' order by id`,
    [reportId],
  );
  return rows as { action: string; actor_id: string; details: Record<string, unknown> }[];
}

/** The form as the report's page posts it, from a signed-in browser. */
async function postPack(member: TestStaff, reportId: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return fetch(`${server.baseUrl}/api/internal/reports/${reportId}/evidence-pack`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.baseUrl,
      cookie: member.jar.header(),
    },
    body,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  coraSession = await signedInSession(server, 'coordinator');
  cora = coraSession.staff;
  ({ staff: vera } = await createStaffMember(server, 'viewer', 'Vera'));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

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

  it('stays out when the confirmation is ticked without consent: no, no answer, or "ask me first" not asked', async () => {
    for (const consent of ['no', null, 'ask-first'] as const) {
      const id = await newReport();
      await setConsent(id, consent);
      const pack = await produce(id, { includeIdentity: 'yes', format: 'page' });
      expect(pack.document.identity, String(consent)).toBeNull();
      const [row] = await auditRows(id);
      expect(row?.details).toMatchObject({
        identityIncluded: false,
        identityConfirmed: true,
        consent: consent ?? 'none',
      });
    }
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
      anonymous: true,
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      address: '',
    });
    await setConsent(id, 'yes');
    expect((await produce(id, { includeIdentity: 'yes' })).document.identity).toBeNull();
  });

  it('is named nowhere in a pack without it: not in the page, the manifest or the file names', async () => {
    const id = await newReport();
    await setConsent(id, 'no');
    const response = await postPack(coraSession, id, {
      recipient: 'unia',
      language: 'fr',
      format: 'page',
      messages: 'all',
      fileIds: (await ids(id)).files,
      includeIdentity: 'yes',
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

describe('who may make a pack', () => {
  it('refuses a viewer with 403 in the operation and on the address, and records the refusal', async () => {
    const id = await newReport();
    const refusal = await reports(vera)
      .evidencePack(id, await input(id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);
    const { rows } = await server.database.pool.query(
      `select details from audit_event where action = 'access.denied' and actor_id = $1`,
      [vera.id],
    );
    expect(rows.at(-1)?.details).toMatchObject({ permission: 'reports:manage', role: 'viewer' });

    const viewer = await signedInSession(server, 'viewer');
    const answer = await postPack(viewer, id, { recipient: 'police', language: 'nl', format: 'zip', messages: 'none' });
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain(SEEDED.description);
    expect(await auditRows(id)).toEqual([]);
  });

  it('refuses a form from another site, and a visitor who is not signed in', async () => {
    const id = await newReport();
    const foreign = await fetch(`${server.baseUrl}/api/internal/reports/${id}/evidence-pack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
        cookie: coraSession.jar.header(),
      },
      body: 'recipient=police&language=nl&format=page&messages=none',
    });
    expect(foreign.status).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/api/internal/reports/${id}/evidence-pack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: 'recipient=police&language=nl&format=page&messages=none',
    });
    expect(anonymous.status).toBe(401);
    expect(await auditRows(id)).toEqual([]);
  });
});

describe('the audit row of a pack', () => {
  it('is written in the transaction of the pack: if it fails, no pack is made', async () => {
    const id = await newReport();
    await server.database.pool.query(`create or replace function fail_pack_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'report.evidence-pack-produced' then raise exception 'injected fault'; end if;
        return new;
      end $$`);
    await server.database.pool.query(
      'create trigger fail_pack_audit before insert on audit_event for each row execute function fail_pack_audit()',
    );
    try {
      await expect(reports(cora).evidencePack(id, await input(id, { includeIdentity: 'yes' }))).rejects.toThrow();
    } finally {
      await server.database.pool.query('drop trigger fail_pack_audit on audit_event');
    }
    expect(await auditRows(id)).toEqual([]);
  });

  it('names what went in (recipient, language, identity, messages, files and fingerprints), never the content', async () => {
    const id = await newReport({ description: YIDDISH });
    const { fromReporter: picked, files } = await ids(id);
    const pack = await produce(id, {
      recipient: 'unia',
      language: 'en',
      messages: 'picked',
      messageIds: picked,
      fileIds: [files[1] ?? ''],
    });
    const [row] = await auditRows(id);
    expect(row?.actor_id).toBe(cora.id);
    expect(row?.details).toEqual({
      packId: pack.document.packId,
      recipient: 'unia',
      language: 'en',
      format: 'zip',
      identityIncluded: false,
      identityConfirmed: false,
      // The form's answer (reportPayload: "ask me first"), and the coordinator recorded no asking.
      consent: 'ask-first',
      askedReporter: false,
      messages: 'picked',
      messageIds: picked.join(','),
      fileIds: files[1],
      fileSha256: pack.document.files[0]?.sha256,
      // Photos, cleaned as they arrived: no PDF received before PDFs were cleaned (decision 0031).
      uncleanedFileIds: '',
    });
    const text = JSON.stringify(row?.details);
    for (const secret of [YIDDISH, REPORTER_REPLY, STAFF_REPLY, SEEDED.lastName, SEEDED.location]) {
      expect(text).not.toContain(secret);
    }
    // The picked message alone is in the timeline; the report's own file was left out.
    const bodies = pack.document.timeline.flatMap((event) => (event.kind === 'message' ? [event.body] : []));
    expect(bodies).toEqual([REPORTER_REPLY]);
    expect(pack.document.files.map((file) => file.attachmentId)).toEqual([files[1]]);
  });

  it('refuses a form that picks nothing, or picks what is not the report’s, and writes no row', async () => {
    const id = await newReport();
    const other = await newReport();
    const otherIds = await ids(other);
    const attempt = (overrides: Partial<EvidencePackInput>) =>
      reports(cora).evidencePack(id, { ...base, ...overrides });
    const base = await input(id);
    expect(await attempt({ messages: 'picked', messageIds: [] })).toEqual({ ok: false, code: 'noMessagesPicked' });
    expect(await attempt({ messages: 'picked', messageIds: otherIds.messages })).toEqual({
      ok: false,
      code: 'unknownItem',
    });
    expect(await attempt({ fileIds: otherIds.files })).toEqual({ ok: false, code: 'unknownItem' });
    expect(await attempt({ fileIds: ['not-an-id'] })).toEqual({ ok: false, code: 'unknownItem' });
    expect(await attempt({ recipient: 'press' })).toEqual({ ok: false, code: 'invalidChoice' });
    expect(await attempt({ language: 'he' })).toEqual({ ok: false, code: 'invalidChoice' });
    expect(await reports(cora).evidencePack(randomUUID(), base)).toEqual({ ok: false, code: 'notFound' });
    expect(await auditRows(id)).toEqual([]);

    // Over HTTP, a refused form goes back to the report's page with its code.
    const answer = await postPack(coraSession, id, {
      recipient: 'police',
      language: 'nl',
      format: 'zip',
      messages: 'picked',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/internal/reports/${id}?packError=noMessagesPicked#evidence-pack`);
  });
});

describe('the zip of a pack', () => {
  it('is a valid zip whose manifest gives each file’s plaintext SHA-256, sent as a download under a generated name', async () => {
    const id = await newReport({ description: YIDDISH });
    const { files } = await ids(id);
    const response = await postPack(coraSession, id, {
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
      const stored = await server.services.db
        .select({ id: reportAttachment.id, fullPath: reportAttachment.fullPath })
        .from(reportAttachment)
        .where(eq(reportAttachment.reportId, id));
      const byId = new Map(stored.map((row) => [row.id, row.fullPath]));
      for (const [index, fileId] of files.entries()) {
        const { data: plaintext } = await server.services.storage.get(byId.get(fileId) ?? '');
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
    const response = await postPack(coraSession, id, {
      recipient: 'police',
      language: 'en',
      format: 'page',
      messages: 'none',
    });
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
