import fs from 'node:fs';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { submitReport } from '../services/intake/submit-report.ts';
import { classifyIncidentOf } from '../test/classification-helpers.ts';
import { holdPuts } from '../test/held-storage.ts';
import { useSiteWithStaff } from '../test/site-with-staff.ts';
import { reportPayload } from '../test/submission-helpers.ts';
import type { TestServer } from '../test/test-server.ts';
import { prepareAttachment } from '../uploads/attachment.ts';
import { createSealedStorage } from './sealed-storage.ts';
import { createSpoolMover } from './spool-mover.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

let server: TestServer;
let coordinator: StaffIdentity;

/**
 * A report whose file the storage did not take within the reporter's wait: the put is held until
 * the wait (50 ms) gives up on it, so the file goes to the spool, as with a storage that hangs.
 */
async function spooledReport(description: string) {
  const input = validateReport(reportPayload({ description }));
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  const hanging = holdPuts(server.services.fileStore);
  const { reportId } = await submitReport(
    {
      ...server.services,
      storage: createSealedStorage(hanging.driver, server.services.encryption),
      uploads: { ...server.services.uploads, waitMs: 50 },
    },
    input.data,
    [await prepareAttachment(PHOTO, 'tram-stop.jpg')],
    { isQuarantined: false },
  );
  const { rows } = await server.database.pool.query<{ full_path: string }>(
    `select spooled_file.full_path from spooled_file
       join report_attachment using (full_path) where report_attachment.report_id = $1`,
    [reportId],
  );
  expect(rows).toHaveLength(1);
  return { reportId, fullPath: rows[0]?.full_path ?? '' };
}

/** Closed, as staff would close it, that long ago that retention erases it today. */
async function closedLongAgo(id: string) {
  const { reports } = server.services.operationsFor(coordinator);
  expect(await reports.changeStatus(id, { from: 'new', to: 'in_review' })).toBeUndefined();
  await classifyIncidentOf(reports, id);
  const verified = { from: 'in_review', to: 'verified', municipality: 'Gent', province: 'east_flanders' };
  expect(await reports.changeStatus(id, verified)).toBeUndefined();
  expect(await reports.changeStatus(id, { from: 'verified', to: 'closed' })).toBeUndefined();
  await server.database.pool.query(`update report set status_changed_at = now() - interval '10 years' where id = $1`, [
    id,
  ]);
}

const inStorage = async (fullPath: string) =>
  (await server.services.fileStore.driver.list('reports/')).includes(fullPath);
const inSpool = async (fullPath: string) =>
  (await server.database.pool.query('select 1 from spooled_file where full_path = $1', [fullPath])).rowCount;

useSiteWithStaff({ coordinator: ['coordinator', 'Miriam'] }, (site) => {
  server = site.server;
  coordinator = site.staff.coordinator;
});

describe('the spool mover and retention', () => {
  it('leaves no copy of an erased report’s file when retention erases it while the file is being moved', async () => {
    const erased = await spooledReport('Spoelbak en bewaartermijn: gewist tijdens de verplaatsing.');
    const kept = await spooledReport('Spoelbak en bewaartermijn: blijft bewaard.');
    await closedLongAgo(erased.reportId);
    // A mover whose storage is slow: it has claimed the erased report's file and its put is under
    // way when retention runs; the bytes land only after the erasure.
    const slow = holdPuts(server.services.fileStore.driver);
    const mover = createSpoolMover({ pool: server.database.pool, driver: slow.driver, logger: createLogger('silent') });
    const moving = mover.moveDue();
    expect(await slow.began).toBe(erased.fullPath);
    expect(await server.services.retention.eraseReports(new Date())).toBe(1);
    expect(await inSpool(erased.fullPath)).toBe(0);
    slow.release();
    expect(await slow.landed).toBe(erased.fullPath);
    await moving;
    // The bytes did land after the erasure, and the mover took them away again.
    expect(await inStorage(erased.fullPath)).toBe(false);
    expect(await inSpool(erased.fullPath)).toBe(0);
    await expect(server.services.fileStore.get(erased.fullPath)).rejects.toMatchObject({ code: 'object-not-found' });
    // The other report's file was moved as usual and still opens.
    expect(await inSpool(kept.fullPath)).toBe(0);
    expect(await inStorage(kept.fullPath)).toBe(true);
    expect((await server.services.storage.get(kept.fullPath)).data.length).toBeGreaterThan(0);
  });

  it('drops the spooled file of a report erased before the mover reached it, without writing it', async () => {
    const erased = await spooledReport('Spoelbak en bewaartermijn: gewist voor de verplaatsing.');
    await closedLongAgo(erased.reportId);
    // Retention's transaction is committed; its own deletes of the files have not run yet (a crash
    // between the two, or a slow storage): the spool row is still there.
    await server.database.pool.query(
      `with erased as (update report set personal_data_erased_at = now() where id = $1 returning id)
       delete from report_attachment where report_id in (select id from erased)`,
      [erased.reportId],
    );
    expect(await inSpool(erased.fullPath)).toBe(1);
    const mover = createSpoolMover({
      pool: server.database.pool,
      driver: server.services.fileStore.driver,
      logger: createLogger('silent'),
    });
    expect(await mover.moveDue()).toEqual({ moved: 0, failed: 0, errors: [] });
    expect(await inSpool(erased.fullPath)).toBe(0);
    expect(await inStorage(erased.fullPath)).toBe(false);
  });
});
