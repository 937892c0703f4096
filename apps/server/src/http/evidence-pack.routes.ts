import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EvidencePackInput, PackFileEntry, ProducedEvidencePack } from '@app/core/casework/evidence-pack';
import { isAppError } from '@app/core/errors/app-error';
import { nameIn } from '@app/core/errors/error-codes';
import { SITE_TIME_ZONE } from '@app/core/site/dates';
import express, { type Request } from 'express';
import type { Logger } from '../logger.ts';
import { renderPackPage } from '../services/casework/evidence-pack/pack-page.ts';
import { type ZipEntry, zipStream } from '../services/casework/evidence-pack/zip-stream.ts';
import { toCsv } from './csv.ts';
import { requirePermission, staffOperations } from './staff-access.ts';

/** The page's name inside the zip. */
const PAGE_NAME = 'evidence-pack.html';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** A form field that may come once, several times or not at all, as a list of strings. */
function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function inputFrom(request: Request): EvidencePackInput {
  const body = (request.body ?? {}) as Record<string, unknown>;
  return {
    recipient: text(body.recipient),
    language: text(body.language),
    format: text(body.format),
    messages: text(body.messages),
    messageIds: list(body.messageIds),
    fileIds: list(body.fileIds),
    askedReporter: text(body.askedReporter),
    includeIdentity: text(body.includeIdentity),
  };
}

/**
 * The manifest of the zip: every entry but the manifests themselves, with its size, type and the
 * SHA-256 of its bytes as they are in the zip.
 */
function manifests(pack: ProducedEvidencePack, page: Buffer) {
  const entries = [
    { name: PAGE_NAME, size: page.length, type: 'text/html', sha256: sha256(page), metadataRemoved: true },
    ...pack.document.files.map((file) => ({
      name: file.packName,
      size: file.size,
      type: file.contentType,
      sha256: file.sha256,
      // False for a PDF received before PDFs were cleaned: it may still name its author (decision 0031).
      metadataRemoved: file.metadataRemoved,
    })),
  ];
  const csv = toCsv([
    ['name', 'size_bytes', 'content_type', 'sha256', 'metadata_removed'],
    ...entries.map((entry) => [entry.name, entry.size, entry.type, entry.sha256, entry.metadataRemoved ? 'yes' : 'no']),
  ]);
  const json = JSON.stringify(
    {
      packId: pack.document.packId,
      reportId: pack.document.report.id,
      producedAt: pack.document.producedAt,
      recipient: pack.document.recipient,
      language: pack.document.language,
      identityIncluded: pack.document.identity !== null,
      files: entries,
    },
    null,
    2,
  );
  return { csv: Buffer.from(csv, 'utf8'), json: Buffer.from(`${json}\n`, 'utf8') };
}

/**
 * POST /api/internal/reports/:reportId/evidence-pack: the form of the report's page (a plain form,
 * so the answer is a download or a page in a new tab). The operation checks the permission, records
 * the pack in the audit log and says what goes in; this route only sends it, named by the pack's
 * generated name, never cached. A rule of the pack's form that is not met (a code of the
 * `evidencePack` section) goes back to the report's page with its code, which the page shows;
 * every other failure (NOT_FOUND, FORBIDDEN) is answered by the last error handler.
 */
export function evidencePackRoutes(logger: Logger) {
  const router = express.Router();
  router.post(
    '/api/internal/reports/:reportId/evidence-pack',
    requirePermission('reports:manage'),
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 2_100 }),
    async (request, response, next) => {
      try {
        const { reportId = '' } = request.params as Record<string, string | undefined>;
        const operations = staffOperations(response);
        let pack: ProducedEvidencePack;
        try {
          pack = await operations.reports.evidencePack(reportId, inputFrom(request));
        } catch (error) {
          const code = isAppError(error) ? nameIn('evidencePack', error.code) : undefined;
          if (!code) throw error;
          const back = `/internal/reports/${encodeURIComponent(reportId)}?packError=${code}#evidence-pack`;
          return void response.redirect(303, back);
        }
        response.set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });

        if (pack.format === 'page') {
          const base = `/api/internal/reports/${pack.document.report.id}/attachments`;
          const { html, styleHash } = renderPackPage(pack.document, {
            file: (file) => `${base}/${file.attachmentId}`,
            image: (file) => `${base}/${file.attachmentId}?preview=1`,
          });
          response
            .status(200)
            .set({
              'Content-Type': 'text/html; charset=utf-8',
              'Content-Disposition': `inline; filename="${pack.baseName}.html"`,
              // No script at all; the one <style> by its hash, the fonts embedded, the photos from the staff area.
              'Content-Security-Policy': `default-src 'none'; style-src ${styleHash}; font-src data:; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
            })
            .send(html);
          return;
        }

        const { html } = renderPackPage(pack.document, {
          file: (file) => file.packName,
          image: (file) => file.packName,
        });
        const page = Buffer.from(html, 'utf8');
        const { csv, json } = manifests(pack, page);
        const modified = new Date(pack.document.producedAt);
        const fixed = (name: string, data: Buffer): ZipEntry => ({ name, modified, read: async () => data });
        const fileEntry = (file: PackFileEntry): ZipEntry => ({
          name: file.packName,
          modified,
          read: () => pack.readFile(file),
        });
        const entries = [
          fixed(PAGE_NAME, page),
          fixed('manifest.csv', csv),
          fixed('manifest.json', json),
          ...pack.document.files.map(fileEntry),
        ];
        response.status(200).set({
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${pack.baseName}.zip"`,
          'Content-Security-Policy': "default-src 'none'; sandbox",
        });
        try {
          await pipeline(Readable.from(zipStream(entries, SITE_TIME_ZONE)), response);
        } catch (error) {
          // Headers are gone: the download is cut short, which the browser shows as failed.
          logger.error({ err: error, packId: pack.document.packId }, 'an evidence pack could not be sent whole');
          response.destroy();
        }
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
