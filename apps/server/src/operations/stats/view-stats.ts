import type { StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { computeStats } from '../../services/figures/stats.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';

/** The statistics page's figures (verified incidents only, no personal data). Permission: stats:view. */
export async function viewStats(
  deps: OperationDeps,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  await authorize(deps, actor, 'stats:view');
  return computeStats(deps.db, range, months, {
    now: nowOf(deps),
    promise: deps.responsePromiseWorkingDays,
  });
}
