import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { validateReport } from '@app/core/forms/report.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { runCleanOldPdfsCommand } from '../../cli/clean-old-pdfs.ts';
import { packInput } from '../../test/evidence-pack-helpers.ts';
import { carries, encryptedPdf, IDENTIFYING, identifyingPdf } from '../../test/pdf-fixtures.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import { reportPayload } from '../../test/submission-helpers.ts';
import { commandEnvOf, type TestServer } from '../../test/test-server.ts';
import { prepareAttachment } from '../../uploads/attachment.ts';
import { renderPackPage } from '../casework/evidence-pack/pack-page.ts';
import { submitReport } from '../intake/submit-report.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/photo-with-gps.jpg'));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

let server: TestServer;
let cora: StaffIdentity;

useSiteWithStaff({ cora: ['coordinator', 'Cora'] }, (site) => {
  server = site.server;
  cora = site.staff.cora;
});

/** A report sent today with a photo and a PDF: both cleaned as they arrived. */
async function newReport(marker: string) {
  const input = validateReport(reportPayload({ description: `Old PDFs test ${marker}` }));
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  const files = [
    await prepareAttachment(PHOTO, 'tram-stop.jpg'),
    await prepareAttachment(await identifyingPdf(), 'letter-today.pdf'),
  ];
  const { reportId } = await submitReport(server.services, input.data, files, { isQuarantined: false });
  return reportId;
}

/**
 * A PDF stored as the site stored them before decision 0031: the bytes as received, sealed by the
 * storage, and a row written without the new column (as the old code wrote it, or a restore of a
 * backup from before it does).
 */
async function storeTheOldWay(reportId: string, data: Buffer, receivedAt: Date) {
  const id = randomUUID();
  const fullPath = `reports/${reportId}/${id}.pdf`;
  const metadata = await server.services.storage.put(fullPath, data, { contentType: 'application/pdf' });
  await server.database.pool.query(
    `insert into report_attachment (id, report_id, bucket, generation, metageneration, full_path, name, size,
       time_created, updated, md5_hash, content_type, custom_metadata, original_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, 'application/pdf', '{}', $11)`,
    [
      id,
      reportId,
      metadata.bucket,
      metadata.generation,
      metadata.metageneration,
      fullPath,
      metadata.name,
      metadata.size,
      receivedAt,
      metadata.md5Hash,
      server.services.encryption.sealText('Sara-brief.pdf'),
    ],
  );
  return { id, fullPath };
}

const open = (reportId: string) => server.services.operationsFor(cora).reports.open(reportId);

async function attachmentRow(id: string) {
  const { rows } = await server.database.pool.query<{
    full_path: string;
    size: number;
    md5_hash: string;
    metadata_removed: boolean;
    time_created: Date;
  }>('select full_path, size, md5_hash, metadata_removed, time_created from report_attachment where id = $1', [id]);
  return rows[0];
}

/** What a run may change: every attachment row, every stored file's sealed bytes, the audit rows. */
async function snapshot() {
  const rows = await server.database.pool.query('select * from report_attachment order by id');
  const files = new Map<string, string>();
  for (const fullPath of await server.services.fileStore.list('reports/')) {
    files.set(fullPath, sha256((await server.services.fileStore.get(fullPath)).data));
  }
  const audit = await server.database.pool.query('select count(*)::int as n from audit_event');
  return { rows: rows.rows, files: Object.fromEntries(files), audit: audit.rows[0].n as number };
}

/** `npm run clean-old-pdfs`, with the site's settings as its .env would give them. */
async function runCommand() {
  const lines: string[] = [];
  await runCleanOldPdfsCommand([], commandEnvOf(server), (line) => lines.push(line));
  return lines;
}

describe('npm run clean-old-pdfs', () => {
  it('cleans the PDFs stored before PDFs were cleaned, in place of the originals, and a second run changes nothing', async () => {
    const marker = randomUUID();
    const reportId = await newReport(marker);
    const original = await identifyingPdf();
    for (const text of Object.values(IDENTIFYING)) expect(carries(original, text), text).toBe(true);
    const receivedAt = new Date(Date.now() - 86_400_000);
    const old = await storeTheOldWay(reportId, original, receivedAt);
    const locked = await storeTheOldWay(reportId, await encryptedPdf('secret'), receivedAt);
    const lockedBefore = sha256((await server.services.fileStore.get(locked.fullPath)).data);

    // Staff are told which files were cleaned, and warned about the others.
    const before = await open(reportId);
    const state = (id: string) => before?.attachments.find((file) => file.id === id)?.metadataRemoved;
    expect(before?.attachments).toHaveLength(4);
    expect(before?.attachments.filter((file) => file.metadataRemoved).map((file) => file.contentType)).toEqual([
      'image/jpeg',
      'application/pdf',
    ]);
    expect(state(old.id)).toBe(false);
    expect(state(locked.id)).toBe(false);

    // So is the evidence pack: beside that file, and in its audit row.
    const fileIds = before?.attachments.map((file) => file.id) ?? [];
    const pack = await server.services.operationsFor(cora).reports.evidencePack(
      reportId,
      // The report's "ask me first" (reportPayload): the coordinator asked, and was told yes.
      packInput({ fileIds, askedReporter: 'yes' }),
    );
    const oldEntry = pack.document.files.find((file) => file.attachmentId === old.id);
    expect(oldEntry?.metadataRemoved).toBe(false);
    const { html } = renderPackPage(pack.document, { file: (file) => file.packName, image: (f) => f.packName });
    expect(html).toContain(`data-metadata-kept="${old.id}"`);
    expect(html).toContain(`Bestand ${oldEntry?.number} is een PDF die is ontvangen voordat we metadata`);
    expect(html.match(/data-metadata-kept=/g)).toHaveLength(2);
    const { rows: packAudit } = await server.database.pool.query(
      `select details from audit_event where subject_id = $1 and action = 'report.evidence-pack-produced'`,
      [reportId],
    );
    expect(String(packAudit[0]?.details.uncleanedFileIds).split(',').sort()).toEqual([old.id, locked.id].sort());

    const said = await runCommand();

    // The old PDF: rewritten without author, XMP, embedded file or scripts, its pages kept.
    const row = await attachmentRow(old.id);
    expect(row?.metadata_removed).toBe(true);
    expect(row?.full_path).not.toBe(old.fullPath);
    expect(row?.full_path).toMatch(new RegExp(`^reports/${reportId}/[0-9a-f-]{36}\\.pdf$`));
    expect(row?.time_created.toISOString()).toBe(receivedAt.toISOString());
    const sealed = await server.services.fileStore.get(row?.full_path ?? '');
    expect(row?.size).toBe(sealed.data.length);
    expect(row?.md5_hash).toBe(sealed.metadata.md5Hash);
    const cleaned = server.services.encryption.open(sealed.data);
    for (const text of Object.values(IDENTIFYING)) expect(carries(cleaned, text), text).toBe(false);
    const document = await PDFDocument.load(new Uint8Array(cleaned), { updateMetadata: false });
    expect(document.getPageCount()).toBe(2);
    expect(document.getAuthor()).toBeUndefined();
    // The original is gone from the disk, the staff download gives the cleaned file.
    expect(fs.existsSync(path.join(server.dataDir, 'storage', old.fullPath))).toBe(false);
    await expect(server.services.fileStore.get(old.fullPath)).rejects.toMatchObject({ code: 'object-not-found' });
    const download = await server.services.operationsFor(cora).reports.attachment(reportId, old.id);
    expect(download && sha256(download.data)).toBe(sha256(cleaned));

    // The encrypted one cannot be cleaned: left as it was, named by its id, not deleted.
    expect((await attachmentRow(locked.id))?.metadata_removed).toBe(false);
    expect(sha256((await server.services.fileStore.get(locked.fullPath)).data)).toBe(lockedBefore);
    expect(said).toContain(`Left as it was: ${locked.id} (encrypted: it cannot be cleaned without its password).`);
    expect(said.at(-2)).toContain(`1 cleaned, 1 left as they were (${locked.id})`);

    // Recorded as the command line's own action, in the same transaction as the row.
    const { rows: audit } = await server.database.pool.query(
      `select actor_id, actor_kind, subject_type, details from audit_event where action = 'report.attachment-cleaned' and subject_id = $1`,
      [reportId],
    );
    expect(audit).toEqual([
      {
        actor_id: null,
        actor_kind: 'command-line',
        subject_type: 'report',
        details: {
          attachmentId: old.id,
          sha256Before: sha256(original),
          sha256After: sha256(cleaned),
          sizeBefore: original.length,
          sizeAfter: cleaned.length,
        },
      },
    ]);

    // Staff now see the note on the cleaned file, the warning only on the encrypted one.
    const after = await open(reportId);
    expect(after?.attachments.find((file) => file.id === old.id)?.metadataRemoved).toBe(true);
    expect(after?.attachments.find((file) => file.id === locked.id)?.metadataRemoved).toBe(false);

    // A second run changes nothing, and says again what it left.
    const first = await snapshot();
    const again = await runCommand();
    expect(await snapshot()).toEqual(first);
    expect(again).toContain(`Left as it was: ${locked.id} (encrypted: it cannot be cleaned without its password).`);
  }, 180_000);
});
