import type { ReportListFilter, ReportListPage } from '@app/core/casework/casework-api';
import { asc, count, eq } from 'drizzle-orm';
import { incidentTag, report } from '../../db/schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentReportListItem } from '../presenters/report-presenter.ts';
import { presentTag } from './incident-tags.ts';
import { ATTACHMENT_COUNT, IS_PUBLISHED, listQuery, REPORTS_PAGE_SIZE } from './report-queries.ts';

/** One page of the report list, filtered and sorted. Permission: reports:manage. */
export async function listReports(
  deps: OperationDeps,
  actor: Actor,
  filter: ReportListFilter,
): Promise<ReportListPage> {
  await authorize(deps, actor, 'reports:manage');
  const { where, order } = listQuery(filter);
  const page = Math.max(1, filter.page);
  const [rows, totals, tags] = await Promise.all([
    deps.db
      .select({
        id: report.id,
        createdAt: report.createdAt,
        incidentDate: report.incidentDate,
        incidentType: report.incidentType,
        status: report.status,
        isAnonymous: report.isAnonymous,
        attachmentCount: ATTACHMENT_COUNT,
        assigneeName: staffUser.name,
        isPublished: IS_PUBLISHED,
        spamCheck: report.spamCheck,
        source: report.source,
      })
      .from(report)
      .leftJoin(staffUser, eq(staffUser.id, report.assignedTo))
      .where(where)
      .orderBy(...order)
      .limit(REPORTS_PAGE_SIZE)
      .offset((page - 1) * REPORTS_PAGE_SIZE),
    deps.db.select({ total: count() }).from(report).where(where),
    deps.db.select().from(incidentTag).orderBy(asc(incidentTag.createdAt), asc(incidentTag.id)),
  ]);
  return {
    items: rows.map(presentReportListItem),
    total: totals[0]?.total ?? 0,
    page,
    pageSize: REPORTS_PAGE_SIZE,
    tags: tags.map(presentTag),
  };
}
