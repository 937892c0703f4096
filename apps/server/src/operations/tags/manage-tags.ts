import { type TagNamesInput, tagNamesSchema, tagRevisionSchema } from '@app/core/casework/casework.schema';
import type { IncidentTagView } from '@app/core/casework/classification';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import type { AuditAction } from '@app/core/staff/staff';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { incidentTag } from '../../db/schema.ts';
import { type Actor, authorize, type OperationDeps, type Tx } from '../operation-context.ts';
import { presentTag } from '../reports/incident-tags.ts';

/**
 * The list of tags staff classify incidents with (decision 0044), kept by admins: each with its
 * name in the five languages; renamed in place; disabled rather than deleted, so incidents keep the
 * tags they had. Every change names the revision the page showed (a guarded update: `tags.conflict`
 * when someone changed it first) and writes its audit row in the same transaction. Permission:
 * tags:manage.
 */

export async function listTags(deps: OperationDeps, actor: Actor): Promise<IncidentTagView[]> {
  await authorize(deps, actor, 'tags:manage');
  const rows = await deps.db.select().from(incidentTag).orderBy(asc(incidentTag.createdAt), asc(incidentTag.id));
  return rows.map(presentTag);
}

export async function createTag(deps: OperationDeps, actor: Actor, input: TagNamesInput): Promise<{ id: string }> {
  await authorize(deps, actor, 'tags:manage');
  const { names } = parsedOrThrow('tags', tagNamesSchema.safeParse(input));
  return deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(incidentTag).values({ names }).returning({ id: incidentTag.id });
    if (!created) throw new Error('the tag was not created');
    await auditTag(deps, tx, actor, 'tag.created', created.id, names);
    return created;
  });
}

export async function renameTag(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: TagNamesInput & { revision: string },
): Promise<void> {
  await authorize(deps, actor, 'tags:manage');
  const { names } = parsedOrThrow('tags', tagNamesSchema.safeParse(input));
  const revision = parsedOrThrow('tags', tagRevisionSchema.safeParse(input.revision));
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(incidentTag)
      .set({ names, revision: sql`${incidentTag.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(incidentTag.id, await existing(tx, id)), eq(incidentTag.revision, revision)))
      .returning({ id: incidentTag.id });
    if (updated.length !== 1) throw new AppError('tags.conflict');
    await auditTag(deps, tx, actor, 'tag.renamed', id, names);
  });
}

export async function setTagDisabled(
  deps: OperationDeps,
  actor: Actor,
  id: string,
  input: { disabled: boolean; revision: string },
): Promise<void> {
  await authorize(deps, actor, 'tags:manage');
  const revision = parsedOrThrow('tags', tagRevisionSchema.safeParse(input.revision));
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(incidentTag)
      .set({
        disabledAt: input.disabled ? new Date() : null,
        revision: sql`${incidentTag.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(incidentTag.id, await existing(tx, id)),
          eq(incidentTag.revision, revision),
          input.disabled ? isNull(incidentTag.disabledAt) : isNotNull(incidentTag.disabledAt),
        ),
      )
      .returning({ names: incidentTag.names });
    const [tag] = updated;
    if (!tag) throw new AppError('tags.conflict');
    await auditTag(deps, tx, actor, input.disabled ? 'tag.disabled' : 'tag.enabled', id, tag.names);
  });
}

/** The tag's id, when such a tag exists (`tags.notFound` otherwise). */
async function existing(tx: Tx, id: string): Promise<string> {
  const [row] = isUuid(id)
    ? await tx.select({ id: incidentTag.id }).from(incidentTag).where(eq(incidentTag.id, id)).limit(1)
    : [];
  if (!row) throw new AppError('tags.notFound');
  return row.id;
}

function auditTag(
  deps: OperationDeps,
  tx: Tx,
  actor: Actor,
  action: AuditAction,
  id: string,
  names: Record<string, string>,
) {
  return deps.audit.record({ action, actorId: actor.id, subjectType: 'tag', subjectId: id, details: { ...names } }, tx);
}
