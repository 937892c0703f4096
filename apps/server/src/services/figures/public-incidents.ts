import { INCIDENT_COUNT_WINDOW_DAYS } from '@app/core/casework/statuses';
import type { PublicIncidentsPage, PublicIncidentsServiceForWeb } from '@app/core/figures/public-incidents';
import { addDays, listable, shownDate, shownPlace } from '@app/core/figures/public-list';
import { encodeCell } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { todayInBelgium } from '@app/core/site/dates';
import { desc, eq, inArray } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import type { Db } from '../../db/database.ts';
import { createPublicFigures, type PublicFiguresOptions } from './public-figures.ts';
import { countVerifiedLast30Days } from './verified-incidents.ts';

export const PUBLIC_PAGE_SIZE = 10;

/**
 * What the public Incidents page shows: only rows staff published (date, type, place, the summary
 * they wrote), each at the precision staff chose, and a count. Nothing from a reporter's own words
 * reaches it. An item is listed only when no protected figure it lies in is hidden (decision 0047,
 * `figures/public-list.ts`): a list that showed it would tell a reader that a "fewer than k" cell
 * holds it. `now` stands still in tests.
 */
export function createPublicIncidentsService(
  db: Db,
  figures: { revision: { current(): Promise<string> }; smallCellThreshold: number } & PublicFiguresOptions,
  now: () => Date = () => new Date(),
): PublicIncidentsServiceForWeb {
  const { revision, smallCellThreshold, ...options } = figures;
  const protectedFigures = createPublicFigures(db, revision, smallCellThreshold, options);
  return {
    figures: protectedFigures,
    async page({
      language,
      type,
      page,
    }: {
      language: string;
      type?: string;
      page: number;
    }): Promise<PublicIncidentsPage> {
      const knownType = INCIDENT_TYPES.find((candidate) => candidate === type);
      const where = knownType ? eq(publicIncident.incidentType, knownType) : undefined;
      const current = Math.max(1, page);
      const moment = now();
      const [counted, rows, shownFigures] = await Promise.all([
        countVerifiedLast30Days(db, moment),
        // Every publication's date, type and province: the rule needs each one's place in the
        // figures before the page can be cut. The summaries and places are read for the page only.
        db
          .select({
            incidentId: publicIncident.incidentId,
            incidentDate: publicIncident.incidentDate,
            datePrecision: publicIncident.datePrecision,
            incidentType: publicIncident.incidentType,
            province: publicIncident.province,
            publishedAt: publicIncident.publishedAt,
          })
          .from(publicIncident)
          .where(where)
          .orderBy(desc(publicIncident.incidentDate), desc(publicIncident.publishedAt)),
        protectedFigures(),
      ]);
      // One public figure like the others: 1 and 2 would tell who was attacked last week.
      const countLast30Days = encodeCell(counted, counted > 0 && counted < smallCellThreshold ? 'fewer' : 'shown');
      const today = todayInBelgium(moment);
      const window = { from: addDays(today, 1 - INCIDENT_COUNT_WINDOW_DAYS), to: today, count: countLast30Days };
      const listed = rows
        .map((row) => ({ row, date: shownDate(row.incidentDate, row.datePrecision) }))
        .filter(({ row, date }) =>
          listable({ date, incidentType: row.incidentType, province: row.province }, shownFigures, window),
        )
        // By what is shown, then by publication: the order of exact dates within a week or a
        // month is not shown either.
        .sort(
          (a, b) =>
            // ISO dates and months: compared as strings (localeCompare cost tens of ms on 10,000).
            (a.date.value < b.date.value ? 1 : a.date.value > b.date.value ? -1 : 0) ||
            b.row.publishedAt.getTime() - a.row.publishedAt.getTime(),
        );
      const shown = listed.slice((current - 1) * PUBLIC_PAGE_SIZE, current * PUBLIC_PAGE_SIZE);
      const details = new Map(
        (shown.length === 0
          ? []
          : await db
              .select({
                incidentId: publicIncident.incidentId,
                municipality: publicIncident.municipality,
                arrondissement: publicIncident.arrondissement,
                placePrecision: publicIncident.placePrecision,
                summaries: publicIncident.summaries,
                originalLanguage: publicIncident.originalLanguage,
              })
              .from(publicIncident)
              .where(
                inArray(
                  publicIncident.incidentId,
                  shown.map(({ row }) => row.incidentId),
                ),
              )
        ).map((detail) => [detail.incidentId, detail]),
      );
      return {
        countLast30Days,
        threshold: smallCellThreshold,
        // A publication withdrawn between the two reads is left out of the page.
        items: shown.flatMap(({ row: listedRow, date }) => {
          const detail = details.get(listedRow.incidentId);
          if (!detail) return [];
          const row = { ...listedRow, ...detail };
          const own = row.summaries[language];
          return {
            date,
            place: shownPlace(row, row.placePrecision),
            incidentType: row.incidentType,
            summary: own ?? row.summaries[row.originalLanguage] ?? '',
            summaryLanguage: own ? null : row.originalLanguage,
          };
        }),
        total: listed.length,
        page: current,
        pageSize: PUBLIC_PAGE_SIZE,
      };
    },
  };
}
