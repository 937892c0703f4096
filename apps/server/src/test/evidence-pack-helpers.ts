import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EvidencePackInput } from '@app/core/casework/evidence-pack';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, expect } from 'vitest';
import { reportAttachment, reportMessage } from '../db/schema.ts';
import { attachmentRows, storeAttachments, submitReport } from '../services/intake/submit-report.ts';
import { prepareAttachment } from '../uploads/attachment.ts';
import { signedInSession, type TestStaff } from './staff-helpers.ts';
import { reportPayload } from './submission-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** The evidence pack tests' site, reports and forms (operations/reports/evidence-pack*.test.ts). */

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));
export const YIDDISH = 'אַ ייִדישער טעקסט מיט נקודות: מע האָט געשריגן אויף מײַן זון.';
export const REPORTER_REPLY = 'Hij stond er gisteren weer, bij dezelfde tramhalte.';
export const STAFF_REPLY = 'Dank u. Mogen we dit aan de politie doorgeven?';

/** An evidence pack's choices: a page for the police in Dutch, no message, no file, unless the test says otherwise. */
export function packInput(overrides: Partial<EvidencePackInput> = {}): EvidencePackInput {
  return {
    recipient: 'police',
    language: 'nl',
    format: 'page',
    messages: 'none',
    messageIds: [],
    fileIds: [],
    ...overrides,
  };
}

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/**
 * Starts a site for the test file (before its tests, closed after them) with a signed-in
 * coordinator (Cora) and a signed-in viewer (Vera), and gives the helpers that work on it.
 */
export function useEvidencePackSite() {
  let started:
    | { server: TestServer; cora: StaffIdentity; vera: StaffIdentity; coraSession: TestStaff; veraSession: TestStaff }
    | undefined;
  const site = () => {
    if (!started) throw new Error('the evidence pack site has not started');
    return started;
  };

  beforeAll(async () => {
    const server = await startTestServer();
    const coraSession = await signedInSession(server, 'coordinator');
    // Signed in here rather than in a test: a sign-in hashes a password, slow on a busy machine.
    const veraSession = await signedInSession(server, 'viewer');
    started = { server, cora: coraSession.staff, vera: veraSession.staff, coraSession, veraSession };
  }, 120_000);

  afterAll(async () => {
    await started?.server.close();
  });

  const reports = (actor: StaffIdentity) => site().server.services.operationsFor(actor).reports;

  /**
   * A report with a photo, the reporter's answer with a second photo, and a staff reply. Its
   * reporter answered "yes" to passing it on, unless the test says otherwise.
   */
  async function newReport(overrides: Record<string, unknown> = {}) {
    const { server, cora } = site();
    const result = validateReport(reportPayload({ sharingConsent: 'yes', ...overrides }));
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
    const { stored } = await storeAttachments(server.services, reportId, [
      await prepareAttachment(PHOTO, 'tweede.jpg'),
    ]);
    await db.insert(reportAttachment).values(attachmentRows(encryption, reportId, stored, messageId));
    expect(await reports(cora).reply(reportId, STAFF_REPLY)).toBeUndefined();
    return reportId;
  }

  /** Sets the reporter's answer to "may we pass your report on?", sealed as the form stores it. */
  async function setConsent(id: string, consent: 'yes' | 'no' | 'ask-first' | null) {
    const { server } = site();
    await server.database.pool.query('update report set sharing_consent = $2 where id = $1', [
      id,
      consent === null ? null : server.services.encryption.sealText(consent),
    ]);
  }

  async function ids(reportId: string) {
    const detail = await reports(site().cora).open(reportId);
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
    return packInput({ format: 'zip', messages: 'all', fileIds: (await ids(reportId)).files, ...overrides });
  }

  async function produce(reportId: string, overrides: Partial<EvidencePackInput> = {}) {
    return reports(site().cora).evidencePack(reportId, await input(reportId, overrides));
  }

  async function auditRows(reportId: string) {
    const { rows } = await site().server.database.pool.query(
      `select action, actor_id, details from audit_event
       where subject_id = $1 and action = 'report.evidence-pack-produced' order by id`,
      [reportId],
    );
    return rows as { action: string; actor_id: string; details: Record<string, unknown> }[];
  }

  /**
   * The form as the report's page posts it, from a signed-in browser: a zip for the police in Dutch
   * without messages, but for the `fields` given.
   */
  async function postPack(member: TestStaff, reportId: string, fields: Record<string, string | string[]> = {}) {
    const { server } = site();
    const body = new URLSearchParams();
    const form = { recipient: 'police', language: 'nl', format: 'zip', messages: 'none', ...fields };
    for (const [name, value] of Object.entries(form)) {
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

  return {
    get server() {
      return site().server;
    },
    get cora() {
      return site().cora;
    },
    get vera() {
      return site().vera;
    },
    get coraSession() {
      return site().coraSession;
    },
    get veraSession() {
      return site().veraSession;
    },
    reports,
    newReport,
    setConsent,
    ids,
    input,
    produce,
    auditRows,
    postPack,
  };
}
