import { SAVED_VIEWS_MAX, type SavedView, type SavedViewInput, savedViewSchema } from '@app/core/casework/search';
import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { isUuid } from '@app/core/site/ids';
import { and, asc, count, eq } from 'drizzle-orm';
import { savedReportView } from '../../db/search-schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { cleanViewFilters, presentSavedView } from '../presenters/saved-view-presenter.ts';

/**
 * A member's saved views of the report list (decision 0055): the filters in clear, the search
 * sealed. Each member sees, opens and deletes only their own: another member's view is not found.
 * Permission: reports:manage (the list's own).
 */
export async function listSavedViews(deps: OperationDeps, actor: Actor): Promise<SavedView[]> {
  await authorize(deps, actor, 'reports:manage');
  const rows = await deps.db
    .select()
    .from(savedReportView)
    .where(eq(savedReportView.memberId, actor.id))
    .orderBy(asc(savedReportView.name));
  return rows.map((row) => presentSavedView(deps.encryption, row));
}

/** One of the member's own views; `search.viewNotFound` for any other id. */
export async function openSavedView(deps: OperationDeps, actor: Actor, id: string): Promise<SavedView> {
  await authorize(deps, actor, 'reports:manage');
  const [row] = isUuid(id)
    ? await deps.db
        .select()
        .from(savedReportView)
        .where(and(eq(savedReportView.id, id), eq(savedReportView.memberId, actor.id)))
    : [];
  if (!row) throw new AppError('search.viewNotFound');
  return presentSavedView(deps.encryption, row);
}

/** Saves the list's filters and search under a name of the member's; audited without the search. */
export async function saveView(deps: OperationDeps, actor: Actor, input: SavedViewInput): Promise<SavedView> {
  await authorize(deps, actor, 'reports:manage');
  const { name, search } = parsedOrThrow(
    'search',
    savedViewSchema.safeParse({ name: input.name, search: input.search }),
  );
  const filters = cleanViewFilters(input.filters);
  return deps.db.transaction(async (tx) => {
    // One member's saves queue on their own row of staff_user: the count below stays true.
    await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.id, actor.id)).for('update');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(savedReportView)
      .where(eq(savedReportView.memberId, actor.id));
    if (total >= SAVED_VIEWS_MAX) throw new AppError('search.tooManyViews');
    const [row] = await tx
      .insert(savedReportView)
      .values({ memberId: actor.id, name, filters, search: search ? deps.encryption.sealText(search) : null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('search.viewNameTaken');
    await deps.audit.record(
      {
        action: 'view.saved',
        actorId: actor.id,
        details: { view: row.id, hasSearch: search !== '' },
      },
      tx,
    );
    return presentSavedView(deps.encryption, row);
  });
}

/** Deletes one of the member's own views; audited. */
export async function deleteSavedView(deps: OperationDeps, actor: Actor, id: string): Promise<void> {
  await authorize(deps, actor, 'reports:manage');
  await deps.db.transaction(async (tx) => {
    const deleted = isUuid(id)
      ? await tx
          .delete(savedReportView)
          .where(and(eq(savedReportView.id, id), eq(savedReportView.memberId, actor.id)))
          .returning({ id: savedReportView.id })
      : [];
    if (deleted.length === 0) throw new AppError('search.viewNotFound');
    await deps.audit.record({ action: 'view.deleted', actorId: actor.id, details: { view: id } }, tx);
  });
}
