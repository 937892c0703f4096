import type { ReportExportRow, ReportListFilter } from '@app/core/casework/casework-api';
import { eq } from 'drizzle-orm';
import { incident, report } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentReportExportRow } from '../presenters/report-presenter.ts';
import { ATTACHMENT_COUNT, EXPORT_LIMIT, IS_PUBLISHED, listQuery, TAG_NAMES } from './report-queries.ts';

/**
 * Every report the filter matches, for the CSV export: no personal data, no reporter's words; the
 * answers to the form's questions, with the consent and the addresses of online content opened
 * (roles with reports:manage read them on the report's page too). The download is audited in the
 * transaction that reads the rows. Permission: reports:manage.
 */
export async function exportReports(
  deps: OperationDeps,
  actor: Actor,
  filter: ReportListFilter,
): Promise<ReportExportRow[]> {
  await authorize(deps, actor, 'reports:manage');
  const { where, order } = listQuery(filter);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: report.id,
        incidentId: report.incidentId,
        createdAt: report.createdAt,
        incidentDate: report.incidentDate,
        incidentType: report.incidentType,
        status: report.status,
        rejectionReason: report.rejectionReason,
        isAnonymous: report.isAnonymous,
        calledPolice: report.calledPolice,
        calledOrganisation: report.calledOrganisation,
        medicalTreatment: report.medicalTreatment,
        threatOngoing: report.threatOngoing,
        sharingConsent: report.sharingConsent,
        onlinePlatform: report.onlinePlatform,
        onlineUrls: report.onlineUrls,
        isUrgent: report.isUrgent,
        spamCheck: report.spamCheck,
        source: report.source,
        municipality: incident.municipality,
        province: incident.province,
        arrondissement: incident.arrondissement,
        attachmentCount: ATTACHMENT_COUNT,
        isPublished: IS_PUBLISHED,
        category: incident.category,
        manifestations: incident.manifestations,
        target: incident.target,
        knownThrough: incident.knownThrough,
        placeType: incident.placeType,
        tags: TAG_NAMES,
      })
      .from(report)
      .innerJoin(incident, eq(incident.id, report.incidentId))
      .where(where)
      .orderBy(...order)
      .limit(EXPORT_LIMIT);
    await deps.audit.record(
      { action: 'export.downloaded', actorId: actor.id, details: { export: 'reports', rows: String(rows.length) } },
      tx,
    );
    return rows.map((row) => presentReportExportRow(deps.encryption, row));
  });
}
