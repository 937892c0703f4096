import { AppError } from '@app/core/errors/app-error';
import { parsedOrThrow } from '@app/core/errors/schema-failure';
import { type ContentKey, isContentKey } from '@app/core/site/content';
import { contentBodySchema } from '@app/core/site/content.schema';
import { isLanguage } from '@app/locales/languages';
import { contentVersion } from '../../db/casework-schema.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/**
 * A new version of a text; nothing is overwritten (`content.tooLong`, `content.placeholderMissing`).
 * Permission: content:edit.
 */
export async function saveContent(
  deps: OperationDeps,
  actor: Actor,
  input: { key: ContentKey; language: string; body: string },
): Promise<void> {
  await authorize(deps, actor, 'content:edit');
  const { key, language } = input;
  // The key and the language come from the page's address: anything else is no page at all.
  if (!isContentKey(key) || !isLanguage(language)) throw new AppError('NOT_FOUND');
  const body = parsedOrThrow('content', contentBodySchema(key).safeParse(input.body));
  await deps.db.transaction(async (tx) => {
    await tx.insert(contentVersion).values({ key, language, body, createdBy: actor.id });
    await auditEdit(deps, tx, actor, key, { language });
  });
}
