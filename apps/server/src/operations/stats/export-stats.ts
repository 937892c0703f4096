import type { StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { staffStats } from './view-stats.ts';

/**
 * The same figures as the page, referrals and support included as the page shows them to this
 * role, for the CSV download, which the audit log records. Permission: stats:view.
 */
export async function exportStats(
  deps: OperationDeps,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  await authorize(deps, actor, 'stats:view');
  return deps.db.transaction(async (tx) => {
    const stats = await staffStats(deps, tx, actor, range, months);
    await deps.audit.record(
      { action: 'export.downloaded', actorId: actor.id, details: { export: 'stats', from: range.from, to: range.to } },
      tx,
    );
    return stats;
  });
}
