import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInReview } from '../../test/classification-helpers.ts';
import { createStaffMember } from '../../test/staff-helpers.ts';
import { reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { submitReport } from '../intake/submit-report.ts';

/** Decision 0040: a period per outcome, the legal hold, the 30 days after the reporter's last word, the warning. */
const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let coordinator: StaffIdentity;

async function newReport() {
  const result = validateReport(reportPayload({ date: '2024-03-04' }));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return submitReport(server.services, result.data, [], { isQuarantined: false });
}

/** Takes a report to an outcome as staff would, then moves that moment `daysAgo` back. */
async function reach(id: string, outcome: 'rejected' | 'verified' | 'closed', daysAgo: number) {
  const { reports } = server.services.operationsFor(coordinator);
  await reports.changeStatus(id, { from: 'new', to: 'in_review' });
  if (outcome === 'rejected') {
    await reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'not_antisemitic' });
  } else {
    await verifyInReview(reports, id);
    if (outcome === 'closed') await reports.changeStatus(id, { from: 'verified', to: 'closed' });
  }
  await reports.addNote(id, `Gesprek met ${SEEDED.firstName}`);
  await server.database.pool.query(
    `update report set status_changed_at = now() - make_interval(days => $2) where id = $1`,
    [id, daysAgo],
  );
}

const erasedAt = async (id: string) =>
  (await server.database.pool.query('select personal_data_erased_at as at from report where id = $1', [id])).rows[0]
    .at as Date | null;
const months = (count: number) => Math.round(count * 30.5);

beforeAll(async () => {
  server = await startTestServer({
    RETENTION_REJECTED_MONTHS: '6',
    RETENTION_CLOSED_MONTHS: '24',
    RETENTION_VERIFIED_MONTHS: '36',
    // The digest goes out from midnight in Brussels, so that the test may run at any hour.
    DIGEST_HOUR: '0',
  });
  ({ staff: coordinator } = await createStaffMember(server, 'coordinator', 'Rachel'));
});

afterAll(async () => {
  await server?.close();
});

describe('retention by outcome', () => {
  it('erases each outcome after its own period and leaves a record without personal data', async () => {
    const rejected = await newReport();
    const closed = await newReport();
    const verifiedOld = await newReport();
    const verifiedYoung = await newReport();
    await reach(rejected.reportId, 'rejected', months(7));
    await reach(closed.reportId, 'closed', months(7));
    await reach(verifiedOld.reportId, 'verified', months(37));
    await reach(verifiedYoung.reportId, 'verified', months(35));

    // The reporter's reply-notice address (decision 0041) goes with the rest.
    await server.services.replyNotices.set(rejected.reportId, { address: 'r@example.net', sender: 'messages' }, 'nl');
    await server.services.retention.eraseReports(new Date());

    expect(await erasedAt(rejected.reportId)).not.toBeNull();
    expect(await server.services.replyNotices.of(rejected.reportId)).toBeNull();
    expect(await erasedAt(verifiedOld.reportId)).not.toBeNull();
    expect(await erasedAt(closed.reportId)).toBeNull();
    expect(await erasedAt(verifiedYoung.reportId)).toBeNull();

    const { rows } = await server.database.pool.query(
      'select * from report_erasure where report_id = any($1) order by outcome',
      [[rejected.reportId, verifiedOld.reportId]],
    );
    expect(
      rows.map(({ report_id, via, outcome, period_months, files }) => ({
        report_id,
        via,
        outcome,
        period_months,
        files,
      })),
    ).toEqual([
      { report_id: rejected.reportId, via: 'retention', outcome: 'rejected', period_months: 6, files: 0 },
      { report_id: verifiedOld.reportId, via: 'retention', outcome: 'verified', period_months: 36, files: 0 },
    ]);
    // The record holds no word of the report nor of the reporter.
    const record = JSON.stringify(rows);
    for (const secret of [SEEDED.firstName, SEEDED.lastName, SEEDED.description, SEEDED.location]) {
      expect(record).not.toContain(secret);
    }
    const audit = await server.database.pool.query(
      "select details from audit_event where action = 'report.personal-data-erased' and subject_id = $1",
      [rejected.reportId],
    );
    expect(audit.rows[0].details).toMatchObject({ via: 'retention', outcome: 'rejected', months: 6 });
  });

  it('keeps a report under a legal hold, lists it for its yearly review, and erases it once the hold is lifted', async () => {
    const held = await newReport();
    await reach(held.reportId, 'closed', months(30));
    const { reports, dashboard } = server.services.operationsFor(coordinator);

    await expect(reports.setLegalHold(held.reportId, { reason: '   ' })).rejects.toMatchObject({
      code: 'casework.holdReasonRequired',
    });
    await reports.setLegalHold(held.reportId, { reason: 'Procedure bij de rechtbank van Gent, AN.12.34' });
    await expect(reports.setLegalHold(held.reportId, { reason: 'twice' })).rejects.toMatchObject({
      code: 'casework.holdAlreadySet',
    });

    await server.services.retention.eraseReports(new Date());
    expect(await erasedAt(held.reportId)).toBeNull();
    const detail = await reports.open(held.reportId);
    expect(detail.retention?.legalHold).toMatchObject({
      reason: 'Procedure bij de rechtbank van Gent, AN.12.34',
      setBy: 'Rachel',
      reviewDue: false,
    });
    expect(detail.description).toBe(SEEDED.description);

    // A year on, the hold is due for its review; reviewing it moves the next review a year on.
    await server.database.pool.query(
      "update legal_hold set set_at = now() - interval '13 months' where report_id = $1",
      [held.reportId],
    );
    const dueHold = (await dashboard()).retention?.holds.find((hold) => hold.reportId === held.reportId);
    expect(dueHold).toMatchObject({ reviewDue: true });
    await reports.reviewLegalHold(held.reportId);
    expect((await dashboard()).retention?.holds.find((hold) => hold.reportId === held.reportId)).toMatchObject({
      reviewDue: false,
    });

    // The audit rows say who set, reviewed and lifted the hold, never its reason.
    await reports.liftLegalHold(held.reportId);
    await expect(reports.liftLegalHold(held.reportId)).rejects.toMatchObject({ code: 'casework.noHold' });
    const audit = await server.database.pool.query(
      "select action, actor_id, details from audit_event where subject_id = $1 and action like 'report.legal-hold-%' order by occurred_at",
      [held.reportId],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'report.legal-hold-set',
      'report.legal-hold-reviewed',
      'report.legal-hold-lifted',
    ]);
    expect(audit.rows.every((row) => row.actor_id === coordinator.id)).toBe(true);
    expect(JSON.stringify(audit.rows)).not.toContain('rechtbank');

    await server.services.retention.eraseReports(new Date());
    expect(await erasedAt(held.reportId)).not.toBeNull();
    await expect(reports.setLegalHold(held.reportId, { reason: 'Too late' })).rejects.toMatchObject({
      code: 'casework.alreadyErased',
    });
  });

  it('erases nothing within 30 days of the reporter’s last message, and warns coordinators 14 days before', async () => {
    const report = await newReport();
    await reach(report.reportId, 'closed', months(25));
    // The reporter wrote 20 days ago: the erasure waits until 30 days after, 10 days from now.
    await server.database.pool.query(
      "insert into report_message (report_id, author, body, created_at) values ($1, 'reporter', $2, now() - interval '20 days')",
      [report.reportId, server.services.encryption.sealText('Is er nieuws?')],
    );
    const now = new Date();
    await server.services.retention.eraseReports(now);
    expect(await erasedAt(report.reportId)).toBeNull();

    const { dashboard, reports } = server.services.operationsFor(coordinator);
    const soon = (await dashboard()).retention?.erasuresSoon.find((row) => row.reportId === report.reportId);
    expect(soon).toMatchObject({ status: 'closed', incidentType: 'verbal' });
    const dueAt = Date.parse(soon?.dueAt ?? '');
    expect(Math.abs(dueAt - (now.getTime() + 10 * DAY_MS))).toBeLessThan(DAY_MS / 24);
    expect((await reports.open(report.reportId)).retention?.erasureDueAt).toBe(soon?.dueAt);
    // The warning reaches the digest as a count, nothing more.
    await server.services.operationsFor(coordinator).account.setDailyDigest(true);
    await server.services.digest.run(now);
    const { rows } = await server.database.pool.query('select erasures_due from staff_digest where staff_id = $1', [
      coordinator.id,
    ]);
    expect(rows[0].erasures_due).toBeGreaterThanOrEqual(1);

    await server.services.retention.eraseReports(new Date(now.getTime() + 9 * DAY_MS));
    expect(await erasedAt(report.reportId)).toBeNull();
    await server.services.retention.eraseReports(new Date(now.getTime() + 11 * DAY_MS));
    expect(await erasedAt(report.reportId)).not.toBeNull();
  });
});
