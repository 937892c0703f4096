import fs from 'node:fs';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { classifyIncidentOf } from '../../test/classification-helpers.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { ANONYMOUS, reportPayload, SEEDED } from '../../test/submission-helpers.ts';
import type { TestServer } from '../../test/test-server.ts';
import { prepareAttachment } from '../../uploads/attachment.ts';
import { submitReport } from '../intake/submit-report.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/photo-with-gps.jpg'));
const MONTH_MS = 30.5 * 24 * 60 * 60 * 1000;

let server: TestServer;
let coordinator: StaffIdentity;

async function newReport(overrides: Record<string, unknown> = {}) {
  const result = validateReport(reportPayload(overrides));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  const photo = await prepareAttachment(PHOTO, 'tram-stop.jpg');
  return submitReport(server.services, result.data, [photo], { isQuarantined: false });
}

/** Takes a report to a final status, as staff would, then moves that moment back in time. */
async function finish(id: string, status: 'closed' | 'rejected', monthsAgo: number) {
  const { reports } = server.services.operationsFor(coordinator);
  expect(await reports.changeStatus(id, { from: 'new', to: 'in_review' })).toBeUndefined();
  if (status === 'rejected') {
    expect(
      await reports.changeStatus(id, { from: 'in_review', to: 'rejected', reason: 'not_antisemitic' }),
    ).toBeUndefined();
  } else {
    await classifyIncidentOf(reports, id);
    const verified = { from: 'in_review', to: 'verified', municipality: 'Antwerpen', province: 'antwerp' };
    expect(await reports.changeStatus(id, verified)).toBeUndefined();
    expect(await reports.changeStatus(id, { from: 'verified', to: 'closed' })).toBeUndefined();
  }
  expect(await reports.addNote(id, `Gebeld met ${SEEDED.firstName}`)).toBeUndefined();
  await server.database.pool.query(
    `update report set status_changed_at = now() - make_interval(days => $2) where id = $1`,
    [id, Math.round((monthsAgo * MONTH_MS) / (24 * 60 * 60 * 1000))],
  );
}

const storedFiles = () =>
  fs.existsSync(path.join(server.dataDir, 'storage'))
    ? fs
        .readdirSync(path.join(server.dataDir, 'storage'), { recursive: true })
        .filter((entry) => /\.jpg$/.test(String(entry)))
    : [];

useSiteWithStaff({ coordinator: ['coordinator', 'Rita'] }, (site) => {
  server = site.server;
  coordinator = site.staff.coordinator;
});

describe('retention', () => {
  it('erases the personal data, texts, notes, thread and files of reports finished 24 months ago, and only those', async () => {
    const old = await newReport({ date: '2023-05-02' });
    const rejected = await newReport({
      date: '2023-05-03',
      ...ANONYMOUS,
    });
    const recent = await newReport({ date: '2023-05-04' });
    const open = await newReport({ date: '2023-05-05' });
    await finish(old.reportId, 'closed', 25);
    await finish(rejected.reportId, 'rejected', 26);
    await finish(recent.reportId, 'closed', 23);
    await server.database.pool.query("update report set created_at = now() - interval '30 months' where id = $1", [
      open.reportId,
    ]);
    const statsBefore = await server.services
      .operationsFor(coordinator)
      .stats.compute({ from: '2023-01-01', to: '2023-12-31' }, 12);
    expect(storedFiles()).toHaveLength(4);

    const result = await server.services.retention.run(new Date());
    expect(result).toMatchObject({ reports: 2, orphans: 0 });

    const { rows } = await server.database.pool.query(
      'select id, personal_data, incident_time, police_report_number, receipt_hash, personal_data_erased_at, incident_type, incident_date::text as day from report order by incident_date',
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    for (const id of [old.reportId, rejected.reportId]) {
      expect(byId[id]).toMatchObject({
        personal_data: null,
        incident_time: null,
        police_report_number: null,
        receipt_hash: null,
        incident_type: 'verbal',
      });
      expect(byId[id].personal_data_erased_at).not.toBeNull();
      const detail = await server.services.operationsFor(coordinator).reports.open(id);
      expect(detail).toMatchObject({ description: '', location: '', attachments: [], notes: [], thread: null });
    }
    for (const id of [recent.reportId, open.reportId]) {
      expect(byId[id].personal_data_erased_at).toBeNull();
      expect((await server.services.operationsFor(coordinator).reports.open(id))?.description).toBe(SEEDED.description);
    }
    // The erased reports' files are gone from the disk; the others' stay.
    expect(storedFiles()).toHaveLength(2);
    // Follow-up with an erased report's receipt opens nothing any more.
    await expect(server.services.followUp.open(old.receipt)).rejects.toMatchObject({ code: 'RECEIPT_NOT_RECOGNISED' });
    expect(await server.services.followUp.open(recent.receipt)).toHaveProperty('setCookie');

    // The statistics count exactly what they counted before.
    expect(
      await server.services.operationsFor(coordinator).stats.compute({ from: '2023-01-01', to: '2023-12-31' }, 12),
    ).toEqual(statsBefore);

    const audit = await server.database.pool.query(
      "select subject_id, actor_id, details from audit_event where action = 'report.personal-data-erased' order by subject_id",
    );
    expect(audit.rows.map((row) => row.subject_id).sort()).toEqual([old.reportId, rejected.reportId].sort());
    expect(audit.rows[0]).toMatchObject({ actor_id: null, details: { via: 'retention', months: 24, files: 1 } });

    // A second run finds nothing more to do.
    expect(await server.services.retention.run(new Date())).toMatchObject({ reports: 0 });
  });

  it('is driven by its clock: the same report is erased once the clock passes 24 months after closing', async () => {
    const report = await newReport({ date: '2023-06-01' });
    await finish(report.reportId, 'closed', 0);
    const now = Date.now();
    const erasedAt = async () =>
      (
        await server.database.pool.query('select personal_data_erased_at as at from report where id = $1', [
          report.reportId,
        ])
      ).rows[0].at;
    await server.services.retention.run(new Date(now + 23 * MONTH_MS));
    expect(await erasedAt()).toBeNull();
    await server.services.retention.run(new Date(now + 24.1 * MONTH_MS));
    expect(await erasedAt()).not.toBeNull();
    expect(await server.services.operationsFor(coordinator).reports.revealReporter(report.reportId)).toEqual({
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      address: '',
    });
  });

  it('erases contact messages 24 months after they arrived, and sweeps files that no row points to', async () => {
    const { pool } = server.database;
    const before = await pool.query('select count(*)::int as n from contact_message');
    await pool.query(
      "insert into contact_message (id, language, content, created_at) values (gen_random_uuid(), 'nl', 'x', now() - interval '25 months'), (gen_random_uuid(), 'nl', 'y', now() - interval '1 month')",
    );
    const orphan = await server.services.storage.put('reports/lost/orphan.jpg', PHOTO, { contentType: 'image/jpeg' });
    const files = storedFiles().length;
    // Too young to be an orphan: its row may still be on its way.
    expect(await server.services.retention.run(new Date())).toMatchObject({ messages: 1, orphans: 0 });
    const result = await server.services.retention.run(new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(result).toMatchObject({ messages: 0, orphans: 1 });
    expect(storedFiles()).toHaveLength(files - 1);
    await expect(server.services.storage.get(orphan.fullPath)).rejects.toThrow();
    const after = await pool.query('select count(*)::int as n from contact_message');
    expect(after.rows[0].n).toBe(before.rows[0].n + 1);
  });
});
