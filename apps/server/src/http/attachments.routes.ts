import { errorBody } from '@app/core/error-codes';
import { isUuid } from '@app/core/ids';
import { ATTACHMENT_TYPES, type AttachmentType } from '@app/core/limits';
import { and, eq } from 'drizzle-orm';
import express from 'express';
import { reportAttachment } from '../db/schema.ts';
import type { Services } from '../services/services.ts';
import { requirePermission } from './staff-access.ts';

/**
 * A report's file, for staff who may read reports (security target 22): always a download
 * (Content-Disposition: attachment) under a generated name, never rendered by the site itself;
 * `?preview=1` lets an image be shown in an <img> of the detail page (images only).
 */
export function attachmentRoutes(services: Services) {
  const router = express.Router();
  router.get(
    '/api/internal/reports/:reportId/attachments/:attachmentId',
    requirePermission('reports:manage'),
    async (request, response, next) => {
      try {
        const { reportId = '', attachmentId = '' } = request.params as Record<string, string | undefined>;
        if (!isUuid(reportId) || !isUuid(attachmentId)) return void response.status(404).json(errorBody('NOT_FOUND'));
        const [file] = await services.db
          .select()
          .from(reportAttachment)
          .where(and(eq(reportAttachment.id, attachmentId), eq(reportAttachment.reportId, reportId)))
          .limit(1);
        if (!file) return void response.status(404).json(errorBody('NOT_FOUND'));
        const { data } = await services.storage.get(file.fullPath);
        const isPreview = request.query.preview === '1' && file.contentType.startsWith('image/');
        const name = `report-${reportId.slice(0, 8)}-file-${attachmentId.slice(0, 8)}.${ATTACHMENT_TYPES[file.contentType as AttachmentType]?.[0] ?? 'bin'}`;
        response
          .status(200)
          .set({
            'Content-Type': file.contentType,
            'Content-Disposition': `${isPreview ? 'inline' : 'attachment'}; filename="${name}"`,
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'no-store',
            // Even opened on its own, the file can run nothing.
            'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          })
          .send(data);
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
