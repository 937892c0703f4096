import type { PublicIncidentsPage, PublicIncidentsServiceForWeb } from '@app/core/figures/public-incidents';
import { encodeCell } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { count, desc, eq, sql } from 'drizzle-orm';
import { publicIncident } from '../../db/casework-schema.ts';
import type { Db } from '../../db/database.ts';
import { createPublicFigures, type PublicFiguresOptions } from './public-figures.ts';
import { countVerifiedLast30Days } from './verified-incidents.ts';

export const PUBLIC_PAGE_SIZE = 10;

/**
 * What the public Incidents page shows: only rows staff published (date, type, municipality,
 * the summary they wrote), and a count. Nothing from a reporter's own words reaches it.
 */
export function createPublicIncidentsService(
  db: Db,
  figures: { revision: { current(): Promise<string> }; smallCellThreshold: number } & PublicFiguresOptions,
): PublicIncidentsServiceForWeb {
  const { revision, smallCellThreshold, ...options } = figures;
  return {
    figures: createPublicFigures(db, revision, smallCellThreshold, options),
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
      const [counted, rows, totals] = await Promise.all([
        countVerifiedLast30Days(db),
        db
          .select()
          .from(publicIncident)
          .where(where)
          .orderBy(desc(publicIncident.incidentDate), desc(publicIncident.publishedAt))
          .limit(PUBLIC_PAGE_SIZE)
          .offset((current - 1) * PUBLIC_PAGE_SIZE),
        db
          .select({ value: count() })
          .from(publicIncident)
          .where(where ?? sql`true`),
      ]);
      return {
        // One public figure like the others: 1 and 2 would tell who was attacked last week.
        countLast30Days: encodeCell(counted, counted > 0 && counted < figures.smallCellThreshold ? 'fewer' : 'shown'),
        threshold: figures.smallCellThreshold,
        items: rows.map((row) => {
          const own = row.summaries[language];
          return {
            incidentDate: row.incidentDate,
            incidentType: row.incidentType,
            municipality: row.municipality,
            summary: own ?? row.summaries[row.originalLanguage] ?? '',
            summaryLanguage: own ? null : row.originalLanguage,
          };
        }),
        total: totals[0]?.value ?? 0,
        page: current,
        pageSize: PUBLIC_PAGE_SIZE,
      };
    },
  };
}
