import { SMALL_CELL_DEFAULT_THRESHOLD } from '@app/core/figures/small-cells';
import type { StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { can } from '@app/core/staff/staff';
import { computeReferralStats } from '../../services/figures/referral-stats.ts';
import { computeStats } from '../../services/figures/stats.ts';
import { computeSupportStats } from '../../services/figures/support-stats.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';

/** The statistics page's figures (verified incidents only, no personal data). Permission: stats:view. */
export async function viewStats(
  deps: OperationDeps,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  await authorize(deps, actor, 'stats:view');
  const [stats, referrals, support] = await Promise.all([
    computeStats(deps.db, range, months, { now: nowOf(deps), promise: deps.responsePromiseWorkingDays }),
    // The referrals' figures (decision 0050): partners' names and counts, for the roles that refer.
    can(actor.role, 'referrals:manage') ? computeReferralStats(deps.db, range) : Promise.resolve(undefined),
    // Support (decision 0053): counts by need and the answers, protected; every role that sees statistics.
    computeSupportStats(deps.db, range, deps.smallCellThreshold ?? SMALL_CELL_DEFAULT_THRESHOLD),
  ]);
  return { ...stats, ...(referrals ? { referrals } : {}), support };
}
