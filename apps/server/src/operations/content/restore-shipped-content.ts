import { AppError } from '@app/core/errors/app-error';
import { type ContentKey, isContentKey } from '@app/core/site/content';
import { isLanguage } from '@app/locales/languages';
import { contentVersion } from '../../db/casework-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/** Back to the text the site ships with, as a new version. Permission: content:edit. */
export async function restoreShippedContent(deps: OperationDeps, actor: Actor, key: ContentKey, language: string) {
  await authorize(deps, actor, 'content:edit');
  if (!isContentKey(key) || !isLanguage(language)) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await tx.insert(contentVersion).values({ key, language, body: '', isShippedText: true, createdBy: actor.id });
    await auditEdit(deps, tx, actor, key, { language, shippedText: true });
  });
}
