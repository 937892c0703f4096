import { parsedOrThrow } from '@app/core/errors/schema-failure';
import type { EmergencyNumbers } from '@app/core/site/content';
import { emergencyNumbersSchema } from '@app/core/site/content.schema';
import { contentVersion } from '../../db/casework-schema.ts';
import { NUMBERS_KEY, NUMBERS_LANGUAGE } from '../../services/site/content.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/** The numbers the emergency notice shows, site-wide (`content.invalidNumber`). Permission: content:edit. */
export async function setEmergencyNumbers(deps: OperationDeps, actor: Actor, numbers: EmergencyNumbers): Promise<void> {
  await authorize(deps, actor, 'content:edit');
  const parsed = parsedOrThrow('content', emergencyNumbersSchema.safeParse(numbers));
  const clean = { emergencyNumber: parsed.emergencyNumber, policeNumber: parsed.policeNumber };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(contentVersion)
      .values({ key: NUMBERS_KEY, language: NUMBERS_LANGUAGE, body: JSON.stringify(clean), createdBy: actor.id });
    await auditEdit(deps, tx, actor, NUMBERS_KEY, clean);
  });
}
