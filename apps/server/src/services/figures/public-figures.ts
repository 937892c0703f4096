import type { ResourceLimits } from 'node:worker_threads';
import { type PublicFigures, type RawFigures, sameDayLastYear } from '@app/core/figures/public-figures';
import { withholdEveryCount } from '@app/core/figures/public-figures-protection';
import { todayInBelgium } from '@app/core/site/dates';
import { and, lte, sql } from 'drizzle-orm';
import { runBoundedWorker, WorkerStopped } from '../../bounded-worker.ts';
import type { Db } from '../../db/database.ts';
import { incident } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { countsAsIncident } from './verified-incidents.ts';

/**
 * The counts behind the public figures, grouped by the database in one pass over the incidents
 * that count (decisions 0009 and 0037: each once however many reports it has, published or not,
 * held back by the spam check never): by month,
 * province, type and the staff's category (decision 0054), with a mark on the rows that fall within the current year's days of the year
 * before. Incidents dated after today are left out, so the current year is the year so far. The
 * months, the years and the same period of last year are sums of these groups.
 */
export async function readRawFigures(db: Pick<Db, 'execute'>, now: Date = new Date()): Promise<RawFigures> {
  const asOf = todayInBelgium(now);
  const lastYearFrom = `${Number(asOf.slice(0, 4)) - 1}-01-01`;
  // Counted per day first, in the order of the partial index incident_counted_figures_idx (an
  // index-only scan, no sort), then per month: the month's text is made once per day, not per row.
  const { rows: groups } = await db.execute<{
    month: string;
    province: string | null;
    type: string;
    category: string | null;
    samePeriod: boolean;
    count: number;
  }>(sql`
    select to_char(day, 'YYYY-MM') as month, province, type, category,
      day between ${lastYearFrom} and ${sameDayLastYear(asOf)} as "samePeriod", sum(count)::int as count
    from (
      select ${incident.incidentDate} as day, ${incident.province} as province, ${incident.incidentType} as type,
        ${incident.category} as category, count(*) as count
      from ${incident}
      where ${and(countsAsIncident, lte(incident.incidentDate, asOf))}
      group by 1, 2, 3, 4
    ) as days
    group by 1, 2, 3, 4, 5`);
  const byMonth = new Map<string, RawFigures['byMonth'][number]>();
  const byYear = new Map<string, RawFigures['byYear'][number]>();
  const lastYear = new Map<string, RawFigures['samePeriodLastYear'][number]>();
  const byCategory = new Map<string, RawFigures['byYearCategory'][number]>();
  const lastYearByCategory = new Map<string, RawFigures['samePeriodLastYearByCategory'][number]>();
  const bump = <T extends { count: number }>(map: Map<string, T>, key: string, row: T, count: number) => {
    const found = map.get(key);
    if (found) found.count += count;
    else map.set(key, { ...row, count });
  };
  for (const group of groups) {
    bump(byMonth, `${group.month} ${group.type}`, { month: group.month, type: group.type, count: 0 }, group.count);
    const year = Number(group.month.slice(0, 4));
    bump(
      byYear,
      `${year} ${group.province} ${group.type}`,
      { year, province: group.province, type: group.type, count: 0 },
      group.count,
    );
    bump(byCategory, `${year} ${group.category}`, { year, category: group.category, count: 0 }, group.count);
    if (group.samePeriod) {
      bump(lastYearByCategory, `${group.category}`, { category: group.category, count: 0 }, group.count);
      bump(
        lastYear,
        `${group.province} ${group.type}`,
        { province: group.province, type: group.type, count: 0 },
        group.count,
      );
    }
  }
  return {
    asOf,
    byMonth: [...byMonth.values()],
    byYear: [...byYear.values()],
    samePeriodLastYear: [...lastYear.values()],
    byYearCategory: [...byCategory.values()],
    samePeriodLastYearByCategory: [...lastYearByCategory.values()],
  };
}

/** How long the small-cell rule may run before its worker is stopped (FIGURES_TIME_LIMIT_SECONDS). */
export const FIGURES_TIME_LIMIT_MS = 20_000;
/**
 * The worker's memory: the audit's linear programmes on the sparsest figures measured take a few
 * tens of MB (`npm run bench:stats`); a year that needs more is stopped, not the server with it.
 */
export const FIGURES_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  stackSizeMb: 8,
};

/** Why the rule did not give figures: out of time, out of memory, or it failed. */
export type FiguresFailure = 'timeout' | 'out-of-memory' | 'failed';

/**
 * The small-cell rule applied in a worker thread, so that a long audit (a second or more for sparse
 * years) does not hold up the requests meanwhile. The worker has `timeLimitMs` and bounded memory:
 * past either it is terminated and the promise fails with the reason (`WorkerStopped`; security
 * review of 2026-11-26, finding 11), never with figures less protected.
 */
export function protectInWorker(
  raw: RawFigures,
  threshold: number,
  { timeLimitMs = FIGURES_TIME_LIMIT_MS, resourceLimits = FIGURES_WORKER_LIMITS } = {},
): Promise<PublicFigures> {
  return runBoundedWorker<PublicFigures>(new URL('./protect-figures.worker.ts', import.meta.url), {
    workerData: { raw, threshold },
    resourceLimits,
    timeLimitMs,
  });
}

/** Why the worker gave no figures, as the log says it. */
function figuresFailure(error: unknown): FiguresFailure {
  if (!(error instanceof WorkerStopped)) return 'failed';
  return error.reason === 'timeout' || error.reason === 'out-of-memory' ? error.reason : 'failed';
}

export type PublicFiguresOptions = {
  /** How long the rule may run for one set of counts. */
  timeLimitMs?: number;
  resourceLimits?: ResourceLimits;
  logger?: Pick<Logger, 'warn'>;
};

/**
 * The protected public figures, computed once per site revision and day (the page cache's own key)
 * and shared by every page and file that shows them, so that they all show the same cells. A new
 * revision that leaves every count as it was (an edited page, a report published whose incident was
 * already counted) reuses the protection of the same counts.
 *
 * When the rule does not finish (out of time or memory), nothing less protected goes out: the last
 * figures it did protect are shown again, and before any, every count but zero is withheld. That
 * answer is kept for the same counts (a pathological year would otherwise start a worker at every
 * request); a change of counts, or a restart, tries the rule again.
 */
export function createPublicFigures(
  db: Db,
  revision: { current(): Promise<string> },
  threshold: number,
  /** Read at each run of the rule. */
  options: PublicFiguresOptions = {},
) {
  let cached: { key: string; figures: Promise<PublicFigures> } | undefined;
  let protectedCounts: { counts: string; figures: Promise<PublicFigures> } | undefined;
  let lastGood: PublicFigures | undefined;
  const protect = (raw: RawFigures) => {
    const counts = JSON.stringify(raw);
    if (protectedCounts?.counts !== counts) {
      const { timeLimitMs = FIGURES_TIME_LIMIT_MS, resourceLimits = FIGURES_WORKER_LIMITS, logger } = options;
      const figures = protectInWorker(raw, threshold, { timeLimitMs, resourceLimits }).then(
        (done) => {
          lastGood = done;
          return done;
        },
        (error: unknown) => {
          const reason = figuresFailure(error);
          const fallback = lastGood ? 'last-protected-figures' : 'every-count-withheld';
          // The reason and what is shown instead: never a count.
          logger?.warn(
            { reason, fallback, timeLimitMs },
            'the small-cell rule did not finish; public figures fall back',
          );
          return lastGood ?? withholdEveryCount(raw, threshold);
        },
      );
      protectedCounts = { counts, figures };
    }
    return protectedCounts.figures;
  };
  return async (): Promise<PublicFigures> => {
    const key = await revision.current();
    if (cached?.key !== key) {
      const figures = readRawFigures(db).then(protect);
      cached = { key, figures };
      figures.catch(() => {
        if (cached?.figures === figures) cached = undefined;
      });
    }
    return cached.figures;
  };
}
