import type { ReportListFilter, ReportListPage } from '@app/core/casework/casework-api';
import { searchSchema, searchTokens } from '@app/core/casework/search';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { incidentTag, report } from '../../db/schema.ts';
import { reportSearchTerms } from '../../db/search-schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { searchCondition } from '../../services/casework/search-index.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentReportListItem } from '../presenters/report-presenter.ts';
import { presentTag } from './incident-tags.ts';
import { ATTACHMENT_COUNT, IS_PUBLISHED, listQuery, REPORTS_PAGE_SIZE } from './report-queries.ts';

/**
 * One page of the report list, filtered and sorted; with a search, only the reports whose sealed
 * texts hold every word of it (decision 0055), found through the blind index without opening
 * anything, and audited (`report.searched`, its words sealed) in the transaction that reads the
 * answer, before it is returned. Permission: reports:manage.
 */
export async function listReports(
  deps: OperationDeps,
  actor: Actor,
  filter: ReportListFilter,
): Promise<ReportListPage> {
  await authorize(deps, actor, 'reports:manage');
  const search =
    filter.search === undefined ? undefined : parsedOrThrow('search', searchSchema.safeParse(filter.search));
  const { where: filtered, order } = listQuery(filter);
  const words = search === undefined ? [] : searchTokens(search);
  const where = words.length > 0 ? and(filtered, searchCondition(deps.encryption, words)) : filtered;
  const page = Math.max(1, filter.page);
  const read = async (db: Pick<Db, 'select'>) => {
    const [rows, totals] = await Promise.all([
      db
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
        .where(where as SQL)
        .orderBy(...order)
        .limit(REPORTS_PAGE_SIZE)
        .offset((page - 1) * REPORTS_PAGE_SIZE),
      db
        .select({ total: count() })
        .from(report)
        .where(where as SQL),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  };
  const [{ rows, total }, tags] = await Promise.all([
    search === undefined
      ? read(deps.db)
      : deps.db.transaction(async (tx) => {
          // Sequential on one connection: a transaction has one.
          const answer = await read(tx);
          const [terms] = await tx
            .insert(reportSearchTerms)
            .values({ actorId: actor.id, terms: deps.encryption.sealText(search) })
            .returning({ id: reportSearchTerms.id });
          await deps.audit.record(
            {
              action: 'report.searched',
              actorId: actor.id,
              details: { terms: terms?.id ?? null, words: words.length, results: answer.total, page },
            },
            tx,
          );
          return answer;
        }),
    deps.db.select().from(incidentTag).orderBy(asc(incidentTag.createdAt), asc(incidentTag.id)),
  ]);
  return {
    items: rows.map(presentReportListItem),
    total,
    page,
    pageSize: REPORTS_PAGE_SIZE,
    tags: tags.map(presentTag),
    ...(search === undefined ? {} : { search }),
  };
}
