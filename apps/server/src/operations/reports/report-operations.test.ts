import type { ReportStatusChangeInput } from '@app/core/casework/casework.schema';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { submitReport } from '../../services/intake/submit-report.ts';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { storeReport } from '../../test/stored-report.ts';
import { reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let coordinator: StaffIdentity;

async function newReport(overrides: Record<string, unknown> = {}): Promise<string> {
  const reportId = await storeReport(server.services, overrides);
  return reportId;
}

useSiteWithStaff({ coordinator: ['coordinator', 'Cora'] }, (site) => {
  server = site.server;
  coordinator = site.staff.coordinator;
});

const reports = () => server.services.operationsFor(coordinator).reports;

/** A status change from the page as it shows the report now. */
async function changeStatus(id: string, input: Omit<ReportStatusChangeInput, 'from'>) {
  const detail = await reports().open(id);
  // An incident is verified only with a category (decision 0044): classified first, as staff would.
  if (input.to === 'verified' && !detail.incident.classification.category) await classifyIncidentOf(reports(), id);
  return reports().changeStatus(id, { from: detail.status, ...input });
}

describe('the report status machine', () => {
  it('goes new → in review → verified → closed, recording who and when', async () => {
    const id = await newReport();
    expect((await reports().open(id))?.allowedTransitions).toEqual(['in_review']);
    expect(await changeStatus(id, { to: 'in_review' })).toBeUndefined();
    await expect(changeStatus(id, { to: 'verified' })).rejects.toMatchObject({ code: 'casework.municipalityRequired' });
    expect(
      await changeStatus(id, {
        to: 'verified',
        municipality: ' Antwerpen ',
        province: 'antwerp',
      }),
    ).toBeUndefined();
    expect(await changeStatus(id, { to: 'closed' })).toBeUndefined();
    const detail = await reports().open(id);
    expect(detail?.status).toBe('closed');
    expect(detail?.municipality).toBe('Antwerpen');
    expect(detail?.history.map((step) => `${step.from}→${step.to} by ${step.actor}`)).toEqual([
      'new→in_review by Cora',
      'in_review→verified by Cora',
      'verified→closed by Cora',
    ]);
  });

  it('refuses transitions the lifecycle does not have, with a clear code', async () => {
    const id = await newReport();
    for (const to of ['verified', 'rejected', 'closed', 'new'] as const) {
      await expect(
        changeStatus(id, {
          to,
          municipality: 'Gent',
          province: 'east_flanders',
          reason: 'spam',
        }),
      ).rejects.toMatchObject({ code: 'casework.invalidTransition' });
    }
    expect((await reports().open(id))?.status).toBe('new');
    await expect(changeStatus('not-a-uuid', { to: 'in_review' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(changeStatus('00000000-0000-4000-8000-000000000000', { to: 'in_review' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('needs a reason to reject, no longer offers "duplicate", and going back to review clears the reason', async () => {
    const id = await newReport();
    await changeStatus(id, { to: 'in_review' });
    await expect(changeStatus(id, { to: 'rejected' })).rejects.toMatchObject({ code: 'casework.reasonRequired' });
    // A report that repeats another is linked into its incident instead (decision 0037).
    await expect(changeStatus(id, { to: 'rejected', reason: 'duplicate' })).rejects.toMatchObject({
      code: 'casework.reasonRequired',
    });
    expect(await changeStatus(id, { to: 'rejected', reason: 'not_antisemitic' })).toBeUndefined();
    expect(await reports().open(id)).toMatchObject({ status: 'rejected', rejectionReason: 'not_antisemitic' });
    await changeStatus(id, { to: 'in_review' });
    expect(await reports().open(id)).toMatchObject({ rejectionReason: null });
  });

  it('publishes only verified reports, and a published one must be unpublished before it goes back to review', async () => {
    const id = await newReport();
    const publication = {
      municipality: 'Antwerpen',
      province: 'antwerp',
      summaries: { nl: 'Scheldwoorden op straat.' },
      originalLanguage: 'nl',
    };
    await expect(reports().publish(id, publication)).rejects.toMatchObject({ code: 'casework.notVerified' });
    await changeStatus(id, { to: 'in_review' });
    await changeStatus(id, { to: 'verified', municipality: 'Antwerpen', province: 'antwerp' });
    await expect(reports().publish(id, { ...publication, summaries: { en: 'Only English' } })).rejects.toMatchObject({
      code: 'casework.summaryRequired',
    });
    expect(await reports().publish(id, publication)).toBeUndefined();
    await expect(changeStatus(id, { to: 'in_review' })).rejects.toMatchObject({
      code: 'casework.publishedFirstUnpublish',
    });
    expect(await reports().unpublish(id)).toBeUndefined();
    expect(await changeStatus(id, { to: 'in_review' })).toBeUndefined();
  });

  it('shows the reporter only on request, and writes each opening to the audit log', async () => {
    const id = await newReport();
    const detail = await reports().open(id);
    expect(JSON.stringify(detail)).not.toContain(SEEDED.lastName);
    expect(JSON.stringify(detail)).not.toContain(SEEDED.email);
    expect(detail?.description).toBe(SEEDED.description);
    const reporter = await reports().revealReporter(id);
    expect(reporter).toMatchObject({ firstName: SEEDED.firstName, email: SEEDED.email });
    const { rows } = await server.database.pool.query(
      `select actor_id, details from audit_event where action = 'report.personal-data-viewed' and subject_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ actor_id: coordinator.id, details: {} }]);
  });

  it('keeps notes sealed in the database', async () => {
    const id = await newReport();
    await expect(reports().addNote(id, '   ')).rejects.toMatchObject({ code: 'casework.noteRequired' });
    expect(await reports().addNote(id, 'Called back Rivka, she confirms the date.')).toBeUndefined();
    const { rows } = await server.database.pool.query('select body from report_note where report_id = $1', [id]);
    expect(rows[0].body).not.toContain('Rivka');
    expect((await reports().open(id))?.notes.map((note) => `${note.author}: ${note.body}`)).toEqual([
      'Cora: Called back Rivka, she confirms the date.',
    ]);
  });
});

describe('the mark of a report sent without JavaScript', () => {
  it('shows in the list and on the report, and the list filters on it', async () => {
    const result = validateReport(reportPayload({ date: '2024-06-02' }));
    if (!result.success) throw new Error(JSON.stringify(result.errors));
    const { reportId: plain } = await submitReport(server.services, result.data, [], {
      isQuarantined: false,
      spamCheck: 'form-token',
    });
    const checked = await newReport({ date: '2024-06-02' });
    const listed = async (spamCheck?: 'proof-of-work' | 'form-token') =>
      (await reports().list({ sort: 'received-desc', page: 1, from: '2024-06-02', to: '2024-06-02', spamCheck })).items;
    expect((await listed()).map((item) => [item.id, item.spamCheck])).toEqual([
      [checked, 'proof-of-work'],
      [plain, 'form-token'],
    ]);
    expect((await listed('form-token')).map((item) => item.id)).toEqual([plain]);
    expect((await listed('proof-of-work')).map((item) => item.id)).toEqual([checked]);
    expect((await reports().open(plain))?.spamCheck).toBe('form-token');
  });

  it('is a closed set in the database', async () => {
    const id = await newReport();
    await expect(
      server.database.pool.query("update report set spam_check = 'none' where id = $1", [id]),
    ).rejects.toThrow(/report_spam_check_check/);
  });
});
