import { validateReport } from '@app/core/report.schema';
import type { StaffIdentity } from '@app/core/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../test/staff-helpers.ts';
import { reportPayload, SEEDED } from '../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { submitReport } from './report.service.ts';

let server: TestServer;
let coordinator: StaffIdentity;

async function newReport(overrides: Record<string, unknown> = {}): Promise<string> {
  const result = validateReport(reportPayload(overrides));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  const { reportId } = await submitReport(server.services, result.data, [], { isQuarantined: false });
  return reportId;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ staff: coordinator } = await createStaffMember(server, 'coordinator', 'Cora'));
}, 30_000);

afterAll(async () => {
  await server?.close();
});

describe('the report status machine', () => {
  it('goes new → in review → verified → closed, recording who and when', async () => {
    const { casework } = server.services;
    const id = await newReport();
    expect((await casework.getReport(id))?.allowedTransitions).toEqual(['in_review']);
    expect(await casework.changeStatus(coordinator, id, { to: 'in_review' })).toEqual({ ok: true });
    expect(await casework.changeStatus(coordinator, id, { to: 'verified' })).toEqual({
      ok: false,
      code: 'municipalityRequired',
    });
    expect(
      await casework.changeStatus(coordinator, id, {
        to: 'verified',
        municipality: ' Antwerpen ',
        province: 'antwerp',
      }),
    ).toEqual({ ok: true });
    expect(await casework.changeStatus(coordinator, id, { to: 'closed' })).toEqual({ ok: true });
    const detail = await casework.getReport(id);
    expect(detail?.status).toBe('closed');
    expect(detail?.municipality).toBe('Antwerpen');
    expect(detail?.history.map((step) => `${step.from}→${step.to} by ${step.actor}`)).toEqual([
      'new→in_review by Cora',
      'in_review→verified by Cora',
      'verified→closed by Cora',
    ]);
  });

  it('refuses transitions the lifecycle does not have, with a clear code', async () => {
    const { casework } = server.services;
    const id = await newReport();
    for (const to of ['verified', 'rejected', 'closed', 'new'] as const) {
      expect(
        await casework.changeStatus(coordinator, id, {
          to,
          municipality: 'Gent',
          province: 'east_flanders',
          reason: 'spam',
        }),
      ).toEqual({
        ok: false,
        code: 'invalidTransition',
      });
    }
    expect((await casework.getReport(id))?.status).toBe('new');
    expect(await casework.changeStatus(coordinator, 'not-a-uuid', { to: 'in_review' })).toEqual({
      ok: false,
      code: 'notFound',
    });
    expect(
      await casework.changeStatus(coordinator, '00000000-0000-4000-8000-000000000000', { to: 'in_review' }),
    ).toEqual({ ok: false, code: 'notFound' });
  });

  it('needs a reason to reject, and an existing other report for a duplicate', async () => {
    const { casework } = server.services;
    const original = await newReport();
    const id = await newReport();
    await casework.changeStatus(coordinator, id, { to: 'in_review' });
    expect(await casework.changeStatus(coordinator, id, { to: 'rejected' })).toEqual({
      ok: false,
      code: 'reasonRequired',
    });
    expect(await casework.changeStatus(coordinator, id, { to: 'rejected', reason: 'duplicate' })).toEqual({
      ok: false,
      code: 'duplicateOfRequired',
    });
    expect(
      await casework.changeStatus(coordinator, id, { to: 'rejected', reason: 'duplicate', duplicateOf: id }),
    ).toEqual({
      ok: false,
      code: 'duplicateOfItself',
    });
    expect(
      await casework.changeStatus(coordinator, id, {
        to: 'rejected',
        reason: 'duplicate',
        duplicateOf: '00000000-0000-4000-8000-000000000000',
      }),
    ).toEqual({ ok: false, code: 'duplicateNotFound' });
    expect(
      await casework.changeStatus(coordinator, id, { to: 'rejected', reason: 'duplicate', duplicateOf: original }),
    ).toEqual({ ok: true });
    const detail = await casework.getReport(id);
    expect(detail).toMatchObject({ status: 'rejected', rejectionReason: 'duplicate', duplicateOf: original });
    // Back to review clears the decision.
    await casework.changeStatus(coordinator, id, { to: 'in_review' });
    expect(await casework.getReport(id)).toMatchObject({ rejectionReason: null, duplicateOf: null });
  });

  it('publishes only verified reports, and a published one must be unpublished before it goes back to review', async () => {
    const { casework } = server.services;
    const id = await newReport();
    const publication = {
      municipality: 'Antwerpen',
      province: 'antwerp',
      summaries: { nl: 'Scheldwoorden op straat.' },
      originalLanguage: 'nl',
    };
    expect(await casework.publish(coordinator, id, publication)).toEqual({ ok: false, code: 'notVerified' });
    await casework.changeStatus(coordinator, id, { to: 'in_review' });
    await casework.changeStatus(coordinator, id, { to: 'verified', municipality: 'Antwerpen', province: 'antwerp' });
    expect(await casework.publish(coordinator, id, { ...publication, summaries: { en: 'Only English' } })).toEqual({
      ok: false,
      code: 'summaryRequired',
    });
    expect(await casework.publish(coordinator, id, publication)).toEqual({ ok: true });
    expect(await casework.changeStatus(coordinator, id, { to: 'in_review' })).toEqual({
      ok: false,
      code: 'publishedFirstUnpublish',
    });
    expect(await casework.unpublish(coordinator, id)).toEqual({ ok: true });
    expect(await casework.changeStatus(coordinator, id, { to: 'in_review' })).toEqual({ ok: true });
  });

  it('shows the reporter only on request, and writes each opening to the audit log', async () => {
    const { casework } = server.services;
    const id = await newReport();
    const detail = await casework.getReport(id);
    expect(JSON.stringify(detail)).not.toContain(SEEDED.lastName);
    expect(JSON.stringify(detail)).not.toContain(SEEDED.email);
    expect(detail?.description).toBe(SEEDED.description);
    const reporter = await casework.revealReporter(coordinator, id);
    expect(reporter).toMatchObject({ firstName: SEEDED.firstName, email: SEEDED.email });
    const { rows } = await server.database.pool.query(
      `select actor_id, details from audit_event where action = 'report.personal-data-viewed' and subject_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ actor_id: coordinator.id, details: {} }]);
  });

  it('keeps notes sealed in the database', async () => {
    const { casework } = server.services;
    const id = await newReport();
    expect(await casework.addNote(coordinator, id, '   ')).toEqual({ ok: false, code: 'noteRequired' });
    expect(await casework.addNote(coordinator, id, 'Called back Rivka, she confirms the date.')).toEqual({ ok: true });
    const { rows } = await server.database.pool.query('select body from report_note where report_id = $1', [id]);
    expect(rows[0].body).not.toContain('Rivka');
    expect((await casework.getReport(id))?.notes.map((note) => `${note.author}: ${note.body}`)).toEqual([
      'Cora: Called back Rivka, she confirms the date.',
    ]);
  });
});
