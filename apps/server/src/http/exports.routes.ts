import { statsRangeFrom } from '@app/core/figures/stats-range';
import { reportFilterFromUrl } from '@app/core/staff/report-filters';
import express, { type Request, type Response } from 'express';
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
 * CSV exports for staff: the statistics (every role), the report list without personal data (with
 * the answers, the consent and the addresses of online content, for roles that may read reports).
 */
export function exportRoutes() {
  const router = express.Router();

  router.get('/api/internal/exports/stats.csv', requirePermission('stats:view'), async (request, response, next) => {
    try {
      const operations = staffOperations(response);
      const { range, months } = statsRangeFrom(requestUrl(request).searchParams);
      const stats = await operations.stats.export(range, months);
      const rows: (string | number)[][] = [['section', 'key', 'count', 'total']];
      rows.push(['all', 'verified_incidents', stats.total, stats.total]);
      for (const entry of stats.byType) rows.push(['type', entry.key, entry.count, stats.total]);
      for (const entry of stats.byMonth) rows.push(['month', entry.key, entry.count, '']);
      for (const entry of stats.byProvince) rows.push(['province', entry.key || 'unknown', entry.count, stats.total]);
      for (const entry of stats.byMunicipality)
        rows.push(['municipality', entry.key || 'unknown', entry.count, stats.total]);
      const online = stats.byType.find((entry) => entry.key === 'online')?.count ?? 0;
      for (const entry of stats.byPlatform) rows.push(['platform', entry.key || 'unknown', entry.count, online]);
      for (const [key, share] of Object.entries(stats.shares)) rows.push(['share', key, share.count, share.total]);
      // The staff's classification (decision 0044): codes; 'unclassified' where nothing is recorded.
      const sections = {
        category: 'category',
        manifestation: 'manifestation',
        target: 'target',
        knownThrough: 'known_through',
        placeType: 'place_type',
      } as const;
      for (const [dimension, section] of Object.entries(sections)) {
        for (const entry of stats.byClassification[dimension as keyof typeof sections]) {
          rows.push([section, entry.key || 'unclassified', entry.count, stats.total]);
        }
      }
      for (const entry of stats.byTag) rows.push(['tag', entry.names.en ?? entry.key, entry.count, stats.total]);
      // How the incidents reached us (decision 0051): an incident under each source of its reports.
      for (const entry of stats.bySource) rows.push(['source', entry.key, entry.count, stats.total]);
      // Response times (decision 0029), by the month reports arrived: every report but those held
      // back by the spam check; times in working days in Belgium, to two decimals.
      const { responseTimes } = stats;
      const days = (value: number | null) => (value === null ? '' : value.toFixed(2));
      rows.push(['response_promise_working_days', 'all', responseTimes.promiseWorkingDays, '']);
      for (const month of responseTimes.months) {
        rows.push(['response_received', month.month, month.received, '']);
        rows.push(['response_answered', month.month, month.answered, month.received]);
        rows.push(['response_median_working_days', month.month, days(month.medianWorkingDays), '']);
        rows.push(['response_p90_working_days', month.month, days(month.p90WorkingDays), '']);
        rows.push(['response_within_promise', month.month, month.withinPromise, month.judged]);
        rows.push(['response_not_answered', month.month, month.waiting, month.received]);
      }
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
