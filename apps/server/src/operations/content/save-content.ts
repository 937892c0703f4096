import { type ContentKey, isContentKey } from '@app/core/content';
import { contentEditSchema } from '@app/core/content.schema';
import { isLanguage } from '@app/locales/languages';
import { contentVersion } from '../../db/casework-schema.ts';
import { type Actor, authorize, firstCode, notFound, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/** A new version of a text; nothing is overwritten. Permission: content:edit. */
export async function saveContent(
  deps: OperationDeps,
  actor: Actor,
  input: { key: ContentKey; language: string; body: string },
): Promise<{ ok: true } | { ok: false; code: 'tooLong' | 'placeholderMissing' }> {
  await authorize(deps, actor, 'content:edit');
  // The key and the language come from the page's address: anything else is no page at all.
  if (!isContentKey(input.key) || !isLanguage(input.language)) throw notFound();
  const parsed = contentEditSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: firstCode(parsed.error) };
  const { key, language, body } = parsed.data;
  await deps.db.transaction(async (tx) => {
    await tx.insert(contentVersion).values({ key, language, body, createdBy: actor.id });
    await auditEdit(deps, tx, actor, key, { language });
  });
  return { ok: true };
}
