import { AppError } from '@app/core/errors/app-error';
import { type ContentKey, isContentKey } from '@app/core/site/content';
import { isLanguage } from '@app/locales/languages';
import { and, eq } from 'drizzle-orm';
import { contentVersion } from '../../db/casework-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/**
 * Puts an earlier version of a text back in force, as a new version (nothing is overwritten). The
 * version must be one of this text in this language; anything else is `NOT_FOUND`. Permission: content:edit.
 */
export async function restoreContentVersion(
  deps: OperationDeps,
  actor: Actor,
  key: ContentKey,
  language: string,
  versionId: number,
): Promise<void> {
  await authorize(deps, actor, 'content:edit');
  if (!isContentKey(key) || !isLanguage(language) || !Number.isSafeInteger(versionId)) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [version] = await tx
      .select({ body: contentVersion.body, isShippedText: contentVersion.isShippedText })
      .from(contentVersion)
      .where(and(eq(contentVersion.id, versionId), eq(contentVersion.key, key), eq(contentVersion.language, language)))
      .limit(1);
    if (!version) throw new AppError('NOT_FOUND');
    await tx.insert(contentVersion).values({
      key,
      language,
      body: version.body,
      isShippedText: version.isShippedText,
      createdBy: actor.id,
    });
    await auditEdit(deps, tx, actor, key, { language, restoredVersion: String(versionId) });
  });
}
