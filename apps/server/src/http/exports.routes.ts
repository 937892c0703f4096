import { reportFilterFromUrl } from '@app/core/report-filters';
import { statsRangeFrom } from '@app/core/stats-range';
import express, { type Request, type Response } from 'express';
import type { Services } from '../services/services.ts';
import { toCsv } from './csv.ts';
import { requirePermission, signedInStaff } from './staff-access.ts';

function sendCsv(response: Response, name: string, csv: string) {
  response
    .status(200)
    .set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    .send(csv);
}

const requestUrl = (request: Request) => new URL(request.originalUrl, 'http://localhost');

/** CSV exports for staff: the statistics (every role), the report list without personal data. */
export function exportRoutes(services: Services) {
  const router = express.Router();

  router.get('/api/internal/exports/stats.csv', requirePermission('stats:view'), async (request, response, next) => {
    try {
      const operations = services.operationsFor(signedInStaff(response));
      const { range, months } = statsRangeFrom(requestUrl(request).searchParams);
      const stats = await operations.stats.export(range, months);
      const rows: (string | number)[][] = [['section', 'key', 'count', 'total']];
      rows.push(['all', 'verified_incidents', stats.total, stats.total]);
      for (const entry of stats.byType) rows.push(['type', entry.key, entry.count, stats.total]);
      for (const entry of stats.byMonth) rows.push(['month', entry.key, entry.count, '']);
      for (const entry of stats.byProvince) rows.push(['province', entry.key || 'unknown', entry.count, stats.total]);
      for (const entry of stats.byMunicipality)
        rows.push(['municipality', entry.key || 'unknown', entry.count, stats.total]);
      for (const [key, share] of Object.entries(stats.shares)) rows.push(['share', key, share.count, share.total]);
      sendCsv(response, `statistics-${range.from}-${range.to}.csv`, toCsv(rows));
    } catch (error) {
      next(error);
    }
  });

  router.get(
    '/api/internal/exports/reports.csv',
    requirePermission('reports:manage'),
    async (request, response, next) => {
      try {
        const operations = services.operationsFor(signedInStaff(response));
        const filter = reportFilterFromUrl(requestUrl(request));
        const rows = await operations.reports.export(filter);
        const header = [
          'id',
          'received_at',
          'incident_date',
          'type',
          'status',
          'rejection_reason',
          'anonymous',
          'called_police',
          'called_organisation',
          'medical_treatment',
          'municipality',
          'province',
          'files',
          'published',
        ];
        const body = rows.map((row) => [
          row.id,
          row.receivedAt,
          row.incidentDate,
          row.incidentType,
          row.status,
          row.rejectionReason,
          row.isAnonymous,
          row.calledPolice,
          row.calledOrganisation,
          row.medicalTreatment,
          row.municipality,
          row.province,
          row.attachmentCount,
          row.isPublished,
        ]);
        sendCsv(response, 'reports.csv', toCsv([header, ...body]));
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
