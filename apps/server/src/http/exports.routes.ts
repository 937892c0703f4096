import { statsRangeFrom } from '@app/core/figures/stats-range';
import { reportFilterFromUrl } from '@app/core/staff/report-filters';
import express, { type Request, type Response } from 'express';
import { statsCsvRows } from '../services/figures/stats-csv.ts';
import { toCsv } from './csv.ts';
import { requirePermission, staffOperations } from './staff-access.ts';

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

/**
 * CSV exports for staff: the statistics (every role; referrals for the roles that refer), the report list without personal data (with
 * the answers, the consent and the addresses of online content, for roles that may read reports).
 */
export function exportRoutes() {
  const router = express.Router();

  router.get('/api/internal/exports/stats.csv', requirePermission('stats:view'), async (request, response, next) => {
    try {
      const operations = staffOperations(response);
      const { range, months } = statsRangeFrom(requestUrl(request).searchParams);
      const stats = await operations.stats.export(range, months);
      const rows = statsCsvRows(stats);
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
        const operations = staffOperations(response);
        const filter = reportFilterFromUrl(requestUrl(request));
        const rows = await operations.reports.export(filter);
        const header = [
          'id',
          'incident',
          'received_at',
          'incident_date',
          'type',
          'status',
          'rejection_reason',
          'anonymous',
          'called_police',
          'called_organisation',
          'medical_treatment',
          'threat_ongoing',
          'sharing_consent',
          'urgent',
          'spam_check',
          // How the report reached us (decision 0051): web, phone, in_person…
          'source',
          'online_platform',
          'online_urls',
          'municipality',
          'province',
          'arrondissement',
          'files',
          'published',
          // The staff's classification of the incident (decision 0044): codes; lists space-separated.
          'category',
          'manifestations',
          'target',
          'known_through',
          'place_type',
          'tags',
        ];
        const body = rows.map((row) => [
          row.id,
          row.incidentId,
          row.receivedAt,
          row.incidentDate,
          row.incidentType,
          row.status,
          row.rejectionReason,
          row.isAnonymous,
          row.calledPolice,
          row.calledOrganisation,
          row.medicalTreatment,
          row.threatOngoing,
          row.sharingConsent,
          row.isUrgent,
          row.spamCheck,
          row.source,
          row.onlinePlatform,
          // Never a live link: a spreadsheet shows the text; addresses are separated by spaces.
          row.onlineUrls.join(' '),
          row.municipality,
          row.province,
          row.arrondissement,
          row.attachmentCount,
          row.isPublished,
          row.category,
          row.manifestations.join(' '),
          row.target,
          row.knownThrough,
          row.placeType,
          // Names admins typed: separated by semicolons, as a name may hold spaces.
          row.tags.join('; '),
        ]);
        sendCsv(response, 'reports.csv', toCsv([header, ...body]));
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
