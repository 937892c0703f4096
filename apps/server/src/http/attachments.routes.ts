import { errorBody } from '@app/core/error-codes';
import { can } from '@app/core/staff';
import { and, eq } from 'drizzle-orm';
import express from 'express';
import { reportAttachment } from '../db/schema.ts';
import type { Services } from '../services/services.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * A report's file, for staff who may read reports (security target 22): always a download
 * (Content-Disposition: attachment) under a generated name, never rendered by the site itself;
 * `?preview=1` lets an image be shown in an <img> of the detail page (images only).
 */
export function attachmentRoutes(services: Services) {
  const router = express.Router();
  router.get('/api/internal/reports/:reportId/attachments/:attachmentId', async (request, response, next) => {
    try {
      const session = response.locals.staffSession;
      if (session?.state !== 'signed-in') return void response.status(401).json(errorBody('UNAUTHORIZED'));
      if (!can(session.staff.role, 'reports:manage')) return void response.status(403).json(errorBody('FORBIDDEN'));
      const { reportId, attachmentId } = request.params;
      if (!UUID.test(reportId) || !UUID.test(attachmentId))
        return void response.status(404).json(errorBody('NOT_FOUND'));
      const [file] = await services.db
        .select()
        .from(reportAttachment)
        .where(and(eq(reportAttachment.id, attachmentId), eq(reportAttachment.reportId, reportId)))
        .limit(1);
      if (!file) return void response.status(404).json(errorBody('NOT_FOUND'));
      const { data } = await services.storage.get(file.fullPath);
      const isPreview = request.query.preview === '1' && file.contentType.startsWith('image/');
      const name = `report-${reportId.slice(0, 8)}-file-${attachmentId.slice(0, 8)}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
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
  });
  return router;
}
