import type { IncidentSuggestion } from '@app/core/casework/casework-api';
import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { eq } from 'drizzle-orm';
import { report } from '../../db/schema.ts';
import { findIncidentSuggestions } from '../../services/casework/incident-suggestions.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { presentIncidentSuggestions } from '../presenters/suggestion-presenter.ts';

/**
 * The incidents that may be the same event as this report's incident (decision 0043): same type,
 * municipality and a date two days apart at most, or a report naming the same online address
 * (matched by keyed hashes, nothing opened); never a pair someone dismissed. `NOT_FOUND` for an id
 * that names no report. Permission: incidents:link (who may act on a suggestion sees it).
 */
export async function suggestedIncidents(deps: OperationDeps, actor: Actor, id: string): Promise<IncidentSuggestion[]> {
  await authorize(deps, actor, 'incidents:link');
  const [row] = isUuid(id)
    ? await deps.db.select({ incidentId: report.incidentId }).from(report).where(eq(report.id, id)).limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND');
  return presentIncidentSuggestions(actor.role, await findIncidentSuggestions(deps.db, row.incidentId));
}
