import type { EmergencyNumbers } from '@app/core/content';
import { emergencyNumbersSchema } from '@app/core/content.schema';
import { contentVersion } from '../../db/casework-schema.ts';
import { NUMBERS_KEY, NUMBERS_LANGUAGE } from '../../services/content.service.ts';
import { type Actor, authorize, type OperationDeps } from '../operation-context.ts';
import { auditEdit } from './audit-content-edit.ts';

/** The numbers the emergency notice shows, site-wide. Permission: content:edit. */
export async function setEmergencyNumbers(
  deps: OperationDeps,
  actor: Actor,
  numbers: EmergencyNumbers,
): Promise<{ ok: true } | { ok: false; code: 'invalidNumber' }> {
  await authorize(deps, actor, 'content:edit');
  const parsed = emergencyNumbersSchema.safeParse(numbers);
  if (!parsed.success) return { ok: false, code: 'invalidNumber' };
  const clean = { emergencyNumber: parsed.data.emergencyNumber, policeNumber: parsed.data.policeNumber };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(contentVersion)
      .values({ key: NUMBERS_KEY, language: NUMBERS_LANGUAGE, body: JSON.stringify(clean), createdBy: actor.id });
    await auditEdit(deps, tx, actor, NUMBERS_KEY, clean);
  });
  return { ok: true };
}
