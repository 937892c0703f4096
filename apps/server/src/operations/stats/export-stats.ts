import { authorize } from '../operation-context.ts';
import { staffStats, type viewStats } from './view-stats.ts';

/**
 * The same figures as the page, referrals and support included as the page shows them to this
 * role, for the CSV download, which the audit log records. Permission: stats:view.
 */
export const exportStats: typeof viewStats = async (deps, actor, range, months) => {
  await authorize(deps, actor, 'stats:view');
  return deps.db.transaction(async (tx) => {
    const stats = await staffStats(deps, tx, actor, range, months);
    await deps.audit.record(
      { action: 'export.downloaded', actorId: actor.id, details: { export: 'stats', from: range.from, to: range.to } },
      tx,
    );
    return stats;
  });
};
