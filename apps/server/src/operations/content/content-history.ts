import { AppError } from '@app/core/errors/app-error';
import { type ContentKey, isContentKey } from '@app/core/site/content';
import { isLanguage } from '@app/locales/languages';
import { and, desc, eq } from 'drizzle-orm';
import { contentVersion } from '../../db/casework-schema.ts';
import { staffUser } from '../../db/staff-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';

/** The last 50 versions of a text in one language, newest first. Permission: content:edit. */
export async function contentHistory(deps: OperationDeps, actor: Actor, key: ContentKey, language: string) {
  await authorize(deps, actor, 'content:edit');
  if (!isContentKey(key) || !isLanguage(language)) throw new AppError('NOT_FOUND');
  const rows = await deps.db
    .select({ version: contentVersion, author: staffUser.name })
    .from(contentVersion)
    .leftJoin(staffUser, eq(staffUser.id, contentVersion.createdBy))
    .where(and(eq(contentVersion.key, key), eq(contentVersion.language, language)))
    .orderBy(desc(contentVersion.id))
    .limit(50);
  return rows.map(({ version, author }) => ({
    id: version.id,
    body: version.body,
    isShippedText: version.isShippedText,
    createdAt: version.createdAt.toISOString(),
    author,
  }));
}
