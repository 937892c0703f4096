import fs from 'node:fs';
import path from 'node:path';
import { validateContactMessage } from '@app/core/forms/contact.schema';
import { validateReport } from '@app/core/forms/report.schema';
import { afterAll, beforeAll, expect } from 'vitest';
import { submitContactMessage } from '../services/intake/submit-contact-message.ts';
import { submitReport } from '../services/intake/submit-report.ts';
import { prepareAttachment } from '../uploads/attachment.ts';
import { packInput } from './evidence-pack-helpers.ts';
import {
  CookieJar,
  codePendingSession,
  createStaffMember,
  passwordOnlySession,
  signedInSession,
  type TestStaff,
} from './staff-helpers.ts';
import { reportPayload, SEEDED } from './submission-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * The access matrix (security target 18): every page, data request, action and API of the staff
 * area, for each kind of visitor, with the exact answer expected. The matrix's files
 * (http/internal-access-*.test.ts) each start a site of their own with this set-up.
 */
export type Visitor = 'anonymous' | 'passwordOnly' | 'codePending' | 'viewer' | 'coordinator' | 'admin';
export const VISITORS: Visitor[] = ['anonymous', 'passwordOnly', 'codePending', 'viewer', 'coordinator', 'admin'];
export const SIGNED_IN: Visitor[] = ['viewer', 'coordinator', 'admin'];
/** The roles that work on reports: coordinators and admins. */
export const CASEWORKERS: Visitor[] = ['coordinator', 'admin'];

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

/** What a visitor who may not be there gets, before any page code runs. */
export function expectedDoor(visitor: Visitor, path: string) {
  // A browser that gave the password of an enrolled account but not yet its code has no session.
  if (visitor === 'anonymous' || visitor === 'codePending') return `/internal/login?next=${encodeURIComponent(path)}`;
  if (visitor === 'passwordOnly') return '/internal/enrol';
  return undefined;
}

type Matrix = {
  server: TestServer;
  sessions: Record<Visitor, TestStaff | undefined>;
  memberId: string;
  memberEmail: string;
  reportId: string;
  /** Another report, whose incident the matrix's report is linked into and split out of again. */
  otherReportId: string;
  messageId: string;
  fileId: string;
  /** A partner and an evidence pack of the matrix's report, which coordinators and admins refer it with. */
  partnerId: string;
  packId: string;
  /** An early warning (decision 0052), acknowledged on the dashboard by the roles that may. */
  warningId: string;
};

/** Sets up what the matrix asks for: a member of every kind, a report with a file, a contact message… */
async function setUp(): Promise<Matrix> {
  const server = await startTestServer();
  const sessions: Matrix['sessions'] = {
    anonymous: undefined,
    passwordOnly: await passwordOnlySession(server, 'coordinator'),
    codePending: await codePendingSession(server, 'admin'),
    viewer: await signedInSession(server, 'viewer'),
    coordinator: await signedInSession(server, 'coordinator'),
    admin: await signedInSession(server, 'admin'),
  };
  const admin = (sessions.admin as TestStaff).staff;
  const member = await createStaffMember(server, 'coordinator', 'Matrix Member');
  const input = validateReport(reportPayload());
  if (!input.success) throw new Error('invalid test report');
  const photo = await prepareAttachment(PHOTO, 'tram-stop.jpg');
  const { reportId } = await submitReport(server.services, input.data, [photo], { isQuarantined: false });
  const { reportId: otherReportId } = await submitReport(server.services, input.data, [], { isQuarantined: false });
  const [file] = (await server.services.operationsFor(admin).reports.open(reportId))?.attachments ?? [];
  const message = validateContactMessage({
    language: 'en',
    firstName: 'Matrix Sender',
    email: 'matrix-sender@example.org',
    message: 'Hello',
  });
  if (!message.success) throw new Error('invalid test message');
  const { messageId } = await submitContactMessage(server.services, message.data, { isQuarantined: false });
  const adminOperations = server.services.operationsFor(admin);
  const { id: partnerId } = await adminOperations.partners.create({ name: 'Matrix partner', kind: 'victim-support' });
  await adminOperations.reports.evidencePack(reportId, packInput({ askedReporter: 'yes' }));
  const packId = (await adminOperations.referrals.forReport(reportId)).packs[0]?.packId ?? '';
  const warning = await server.database.pool.query<{ id: string }>(
    `insert into early_warning (rule, subject_key, municipality, incident_type, incident_count, first_date, last_date)
     values ('place-type', 'matrixstad|verbal', 'Matrixstad', 'verbal', 3, '2026-01-01', '2026-01-03') returning id`,
  );
  return {
    server,
    sessions,
    memberId: member.staff.id,
    memberEmail: member.staff.email,
    reportId,
    otherReportId,
    messageId,
    fileId: file?.id ?? '',
    partnerId,
    packId,
    warningId: warning.rows[0]?.id ?? '',
  };
}

/**
 * Starts the matrix's site for the test file (before its tests, closed after them) and gives the
 * helpers that ask it as each visitor.
 */
export function useAccessMatrix() {
  let started: Matrix | undefined;
  const matrix = () => {
    if (!started) throw new Error('the access matrix has not started');
    return started;
  };

  beforeAll(async () => {
    started = await setUp();
  }, 180_000); // a member of every role signs in (scrypt at OWASP strength): room for a busy machine

  afterAll(async () => {
    await started?.server.close();
  });

  function request(visitor: Visitor, path: string, init: RequestInit = {}) {
    const { server, sessions } = matrix();
    const jar = sessions[visitor]?.jar ?? new CookieJar();
    return fetch(`${server.baseUrl}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { cookie: jar.header(), origin: server.baseUrl, ...init.headers },
    });
  }

  /** A form POST as the visitor's browser sends it. */
  function post(visitor: Visitor, path: string, fields: Record<string, string> | [string, string][]) {
    return request(visitor, path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }

  /**
   * What a visitor who may not read it must never receive, in any page, data request or API answer:
   * the reporter's words and identity, the contact message's sender, another member's address.
   */
  function expectNoSecrets(body: string, context: string) {
    const secrets = [
      SEEDED.description,
      SEEDED.location,
      SEEDED.firstName,
      SEEDED.lastName,
      'Matrix Sender',
      'matrix-sender@example.org',
      matrix().memberEmail,
    ];
    for (const secret of secrets) expect(body.includes(secret), `${context} leaks "${secret}"`).toBe(false);
  }

  /** The number a `select count(*)::int as n …` counts. */
  async function count(sql: string, values: unknown[]): Promise<number> {
    const { rows } = await matrix().server.database.pool.query<{ n: number }>(sql, values);
    return rows[0]?.n ?? 0;
  }

  /** The visitor's member id, or '' for a visitor with no member. */
  const staffId = (visitor: Visitor) => matrix().sessions[visitor]?.staff.id ?? '';

  return { matrix, request, post, expectNoSecrets, count, staffId };
}
