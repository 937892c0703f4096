import type { ReportListFilter, ReportListPage } from '@app/core/casework/casework-api';
import { SEARCH_HANDLE_MINUTES, searchSchema, searchTokens } from '@app/core/casework/search';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
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
 * The words of a search the member posted within `SEARCH_HANDLE_MINUTES`, by its handle (the id of
 * its sealed row): any other id, another member's, or an older one is `search.searchExpired`.
 */
async function searchedBefore(deps: OperationDeps, actor: Actor, id: string) {
  const [row] = isUuid(id)
    ? await deps.db
        .select({ id: reportSearchTerms.id, terms: reportSearchTerms.terms })
        .from(reportSearchTerms)
        .where(
          and(
            eq(reportSearchTerms.id, id),
            eq(reportSearchTerms.actorId, actor.id),
            gt(reportSearchTerms.searchedAt, sql`now() - make_interval(mins => ${SEARCH_HANDLE_MINUTES})`),
          ),
        )
    : [];
  if (!row) throw new AppError('search.searchExpired');
  return { id: row.id, words: deps.encryption.openText(row.terms) };
}

/**
 * One page of the report list, filtered and sorted; with a search, only the reports whose sealed
 * texts hold every word of it (decision 0055), found through the blind index without opening
 * anything, and audited (`report.searched`, its words sealed) in the transaction that reads the
 * answer, before it is returned. A search posted by the member within `SEARCH_HANDLE_MINUTES` is
 * paged through by its handle (`filter.searchId`): the same sealed words, each page audited again
 * naming them. Permission: reports:manage.
 */
export async function listReports(
  deps: OperationDeps,
  actor: Actor,
  filter: ReportListFilter,
): Promise<ReportListPage> {
  await authorize(deps, actor, 'reports:manage');
  const before = filter.searchId === undefined ? undefined : await searchedBefore(deps, actor, filter.searchId);
  const typed = before?.words ?? filter.search;
  const search = typed === undefined ? undefined : parsedOrThrow('search', searchSchema.safeParse(typed));
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
    return { rows, total: totals[0]?.total ?? 0, searchId: undefined as string | undefined };
  };
  const [{ rows, total, searchId }, tags] = await Promise.all([
    search === undefined
      ? read(deps.db)
      : deps.db.transaction(async (tx) => {
          // Sequential on one connection: a transaction has one.
          const answer = await read(tx);
          const [terms] = before
            ? [before]
            : await tx
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
          return { ...answer, searchId: terms?.id };
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
    ...(searchId === undefined ? {} : { searchId }),
  };
}
