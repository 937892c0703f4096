import { errorBody } from '@app/core/error-codes';
import { reportFilterFromUrl } from '@app/core/report-filters';
import { can, type Permission } from '@app/core/staff';
import type { StaffIdentity } from '@app/core/staff-api';
import { statsRangeFrom } from '@app/core/stats-range';
import express, { type Request, type Response } from 'express';
import type { Services } from '../services/services.ts';
import { toCsv } from './csv.ts';

function allowed(response: Response, permission: Permission): StaffIdentity | undefined {
  const session = response.locals.staffSession;
  if (session?.state !== 'signed-in') {
    response.status(401).json(errorBody('UNAUTHORIZED'));
    return undefined;
  }
  if (!can(session.staff.role, permission)) {
    response.status(403).json(errorBody('FORBIDDEN'));
    return undefined;
  }
  return session.staff;
}

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

  router.get('/api/internal/exports/stats.csv', async (request, response, next) => {
    try {
      const staff = allowed(response, 'stats:view');
      if (!staff) return;
      const { range, months } = statsRangeFrom(requestUrl(request).searchParams);
      const stats = await services.stats.compute(range, months);
      const rows: (string | number)[][] = [['section', 'key', 'count', 'total']];
      rows.push(['all', 'verified_incidents', stats.total, stats.total]);
      for (const entry of stats.byType) rows.push(['type', entry.key, entry.count, stats.total]);
      for (const entry of stats.byMonth) rows.push(['month', entry.key, entry.count, '']);
      for (const entry of stats.byProvince) rows.push(['province', entry.key || 'unknown', entry.count, stats.total]);
      for (const entry of stats.byMunicipality)
        rows.push(['municipality', entry.key || 'unknown', entry.count, stats.total]);
      for (const [key, share] of Object.entries(stats.shares)) rows.push(['share', key, share.count, share.total]);
      await services.stats.recordExport(staff, 'stats', { from: range.from, to: range.to });
      sendCsv(response, `statistics-${range.from}-${range.to}.csv`, toCsv(rows));
    } catch (error) {
      next(error);
    }
  });

  router.get('/api/internal/exports/reports.csv', async (request, response, next) => {
    try {
      const staff = allowed(response, 'reports:manage');
      if (!staff) return;
      const filter = reportFilterFromUrl(requestUrl(request));
      const rows = await services.casework.exportReports(filter);
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
      await services.stats.recordExport(staff, 'reports', { rows: String(rows.length) });
      sendCsv(response, 'reports.csv', toCsv([header, ...body]));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
