import type { StatsRange, StatsResult } from '@app/core/figures/stats-api';
import { computeStats } from '../../services/figures/stats.ts';
import { type Actor, authorize, nowOf, type OperationDeps } from '../operation-context.ts';

/** The same figures for the CSV download, which the audit log records. Permission: stats:view. */
export async function exportStats(
  deps: OperationDeps,
  actor: Actor,
  range: StatsRange,
  months: 12 | 24,
): Promise<StatsResult> {
  await authorize(deps, actor, 'stats:view');
  return deps.db.transaction(async (tx) => {
    const stats = await computeStats(tx, range, months, {
      now: nowOf(deps),
      promise: deps.responsePromiseWorkingDays,
    });
    await deps.audit.record(
      { action: 'export.downloaded', actorId: actor.id, details: { export: 'stats', from: range.from, to: range.to } },
      tx,
    );
    return stats;
  });
}
