import type { Actor, OperationDeps, Tx } from '../operation-context.ts';

/** The audit row of a content change, in its transaction. */
export const auditEdit = (
  deps: OperationDeps,
  tx: Tx,
  actor: Actor,
  key: string,
  details: Record<string, string | boolean>,
) =>
  deps.audit.record(
    { action: 'content.edited', actorId: actor.id, subjectType: 'content', subjectId: key, details },
    tx,
  );
