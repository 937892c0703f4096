import fs from 'node:fs';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitReport } from '../../services/intake/submit-report.ts';
import { createStaffMember } from '../../test/staff-helpers.ts';
import { reportPayload } from '../../test/submission-helpers.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { prepareAttachment } from '../../uploads/attachment.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/photo-with-gps.jpg'));

// Who looked at a case (decision 0049): opening a report, one of its files and its reporter's
// identity each leave an audit row, one per member and thing within ten minutes; admins read them
// on the report's page, and nobody else does.
describe('who looked at a report', () => {
  let server: TestServer;
  let cora: StaffIdentity;
  let ada: StaffIdentity;
  let vera: StaffIdentity;
  beforeAll(async () => {
    server = await startTestServer();
    cora = (await createStaffMember(server, 'coordinator', 'Cora Looks')).staff;
    ada = (await createStaffMember(server, 'admin', 'Ada Looks')).staff;
    vera = (await createStaffMember(server, 'viewer', 'Vera Looks')).staff;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const reports = (actor: StaffIdentity) => server.services.operationsFor(actor).reports;

  async function newReport(): Promise<{ id: string; fileId: string }> {
    const input = validateReport(reportPayload());
    if (!input.success) throw new Error('invalid test report');
    const photo = await prepareAttachment(PHOTO, 'tram-stop.jpg');
    const { reportId } = await submitReport(server.services, input.data, [photo], { isQuarantined: false });
    const [file] = (
      await server.database.pool.query('select id from report_attachment where report_id = $1', [reportId])
    ).rows;
    return { id: reportId, fileId: file.id };
  }

  const looks = async (reportId: string) =>
    (
      await server.database.pool.query<{ actor_id: string; action: string; details: Record<string, string> }>(
        `select actor_id, action, details from audit_event
          where subject_type = 'report' and subject_id = $1
            and action in ('report.opened', 'report.file-opened', 'report.personal-data-viewed')
          order by id`,
        [reportId],
      )
    ).rows;

  it('records each look once per member within ten minutes, before anything is shown', async () => {
    const { id, fileId } = await newReport();
    await reports(cora).open(id);
    await reports(cora).open(id);
    await reports(cora).attachment(id, fileId);
    await reports(cora).attachment(id, fileId);
    await reports(cora).revealReporter(id);
    expect(await looks(id)).toEqual([
      { actor_id: cora.id, action: 'report.opened', details: {} },
      { actor_id: cora.id, action: 'report.file-opened', details: { attachmentId: fileId } },
      { actor_id: cora.id, action: 'report.personal-data-viewed', details: {} },
    ]);

    // Eleven minutes later, the same member opening it again is a new look.
    await server.database.pool.query(
      `update audit_event set occurred_at = occurred_at - interval '11 minutes' where subject_id = $1`,
      [id],
    );
    await reports(cora).open(id);
    expect((await looks(id)).filter((row) => row.action === 'report.opened')).toHaveLength(2);

    // A viewer may not open reports: refused, and no look is recorded for them.
    await expect(reports(vera).open(id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(reports(vera).attachment(id, fileId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await looks(id)).filter((row) => row.actor_id === vera.id)).toEqual([]);
  });

  it('shows admins who looked, newest first, and nobody else', async () => {
    const { id, fileId } = await newReport();
    await reports(cora).open(id);
    await reports(cora).attachment(id, fileId);
    await reports(cora).revealReporter(id);

    const seenByAdmin = await reports(ada).open(id);
    expect(seenByAdmin.accessLog?.map(({ memberName, what }) => ({ memberName, what }))).toEqual([
      { memberName: 'Ada Looks', what: 'report' },
      { memberName: 'Cora Looks', what: 'identity' },
      { memberName: 'Cora Looks', what: 'file' },
      { memberName: 'Cora Looks', what: 'report' },
    ]);
    // A coordinator's page has no such list: the server does not send it.
    expect((await reports(cora).open(id)).accessLog).toBeUndefined();
  });
});
