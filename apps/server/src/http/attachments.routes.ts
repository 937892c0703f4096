import express from 'express';
import { requirePermission, staffOperations } from './staff-access.ts';

/**
 * A report's file, for staff who may read reports (security target 22): always a download
 * (Content-Disposition: attachment) under a generated name, never rendered by the site itself;
 * `?preview=1` lets an image be shown in an <img> of the detail page (images only). A file the
 * report does not have is the operation's NOT_FOUND, answered by the last error handler.
 */
export function attachmentRoutes() {
  const router = express.Router();
  router.get(
    '/api/internal/reports/:reportId/attachments/:attachmentId',
    requirePermission('reports:manage'),
    async (request, response, next) => {
      try {
        const { reportId = '', attachmentId = '' } = request.params as Record<string, string | undefined>;
        const operations = staffOperations(response);
        const file = await operations.reports.attachment(reportId, attachmentId);
        const isPreview = request.query.preview === '1' && file.contentType.startsWith('image/');
        const name = `report-${reportId.slice(0, 8)}-file-${attachmentId.slice(0, 8)}.${file.extension}`;
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
          .send(Buffer.from(file.data));
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
