import { SMALL_CELL_DEFAULT_THRESHOLD } from '@app/core/figures/small-cells';
import type { StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { can } from '@app/core/staff/staff';
import type { Db } from '../../db/database.ts';
import { computeReferralStats } from '../../services/figures/referral-stats.ts';
import { computeStats } from '../../services/figures/stats.ts';
import { computeSupportStats } from '../../services/figures/support-stats.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';

/**
 * What the statistics page and its CSV show to `actor`: the incidents' figures; the referrals'
 * (decision 0050: partners' names and counts) only for roles that refer; support (decision 0053:
 * counts by need and the answers, protected by the small-cell rule) for every role.
 */
export async function staffStats(
  deps: OperationDeps,
  db: Pick<Db, 'select' | 'execute'>,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  // Side by side on the pool; in a transaction, its one connection takes them in turn.
  const [stats, referrals, support] = await Promise.all([
    computeStats(db, range, months, { now: nowOf(deps), promise: deps.responsePromiseWorkingDays }),
    can(actor.role, 'referrals:manage') ? computeReferralStats(db, range) : Promise.resolve(undefined),
    computeSupportStats(db, range, deps.smallCellThreshold ?? SMALL_CELL_DEFAULT_THRESHOLD),
  ]);
  return { ...stats, ...(referrals ? { referrals } : {}), support };
}

/** The statistics page's figures (verified incidents only, no personal data). Permission: stats:view. */
export async function viewStats(
  deps: OperationDeps,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  await authorize(deps, actor, 'stats:view');
  return staffStats(deps, deps.db, actor, range, months);
}
