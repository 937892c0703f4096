import { consentToPassOn } from '@app/core/casework/evidence-pack';
import { AppError } from '@app/core/errors/app-error';
import type { SharingConsent } from '@app/core/forms/report-questions';
import { and, eq } from 'drizzle-orm';
import type { Encryption } from '../../crypto/encryption.ts';
import { reporterRequest } from '../../db/reporter-control-schema.ts';
import type { report } from '../../db/schema.ts';
import { openSharingConsent } from '../../services/intake/sealed-answers.ts';
import type { Tx } from '../operation-context.ts';

/**
 * The reporter's answer to "may we pass your report to the police or to Unia?" on a report row,
 * opened from its sealed column (decision 0024); null when the report has none (sent before the
 * question existed). The one place the evidence pack reads consent from.
 */
export function sharingConsentOf(encryption: Encryption, row: typeof report.$inferSelect): SharingConsent | null {
  return openSharingConsent(encryption, row.sharingConsent);
}

/**
 * Refuses, inside the transaction that holds the report, anything leaving the organisation that
 * the reporter did not allow (decisions 0046 and 0048): a withdrawn consent, a "no", or an "ask me
 * first" (or no answer) without the coordinator's record that the reporter was asked and said yes.
 * Returns the answer for the audit row. Evidence packs call it; referrals will.
 */
export async function consentToPassOnOrThrow(
  tx: Tx,
  encryption: Encryption,
  row: typeof report.$inferSelect,
  askedReporter: boolean,
): Promise<SharingConsent | null> {
  const [withdrawn] = await tx
    .select({ at: reporterRequest.requestedAt })
    .from(reporterRequest)
    .where(and(eq(reporterRequest.reportId, row.id), eq(reporterRequest.kind, 'withdraw-consent')));
  if (withdrawn) throw new AppError('evidencePack.consentWithdrawn');
  const consent = sharingConsentOf(encryption, row);
  const decided = consentToPassOn(consent, askedReporter);
  if (!decided.allowed) throw new AppError(`evidencePack.${decided.code}`);
  return consent;
}
