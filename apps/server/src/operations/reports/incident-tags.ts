import type { IncidentTagView } from '@app/core/casework/classification';
import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { incidentTag, incidentTagLink } from '../../db/schema.ts';
import type { OperationDeps } from '../operation-context.ts';

/** A tag row as pages see it. */
export function presentTag(row: typeof incidentTag.$inferSelect): IncidentTagView {
  return { id: row.id, names: row.names, disabled: row.disabledAt !== null, revision: row.revision };
}

/**
 * The tags of an incident (their ids), and the tags its classification form offers: every enabled
 * tag, and the disabled ones it has (decision 0044: a disabled tag stays in history).
 */
export async function incidentTagsFor(
  db: OperationDeps['db'],
  incidentId: string,
): Promise<{ incidentTags: string[]; tagChoices: IncidentTagView[] }> {
  const linked = await db
    .select({ tagId: incidentTagLink.tagId })
    .from(incidentTagLink)
    .where(eq(incidentTagLink.incidentId, incidentId));
  const incidentTags = linked.map((row) => row.tagId);
  const rows = await db
    .select()
    .from(incidentTag)
    .where(
      or(
        isNull(incidentTag.disabledAt),
        sql`${incidentTag.id} in (select tag_id from incident_tag_link where incident_id = ${incidentId})`,
      ),
    )
    .orderBy(asc(incidentTag.createdAt), asc(incidentTag.id));
  return { incidentTags, tagChoices: rows.map(presentTag) };
}
