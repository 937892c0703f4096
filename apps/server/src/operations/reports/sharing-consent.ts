import type { SharingConsent } from '@app/core/forms/report-questions';
import type { Encryption } from '../../crypto/encryption.ts';
import type { report } from '../../db/schema.ts';
import { openSharingConsent } from '../../services/intake/sealed-answers.ts';

/**
 * The reporter's answer to "may we pass your report to the police or to Unia?" on a report row,
 * opened from its sealed column (decision 0024); null when the report has none (sent before the
 * question existed). The one place the evidence pack reads consent from.
 */
export function sharingConsentOf(encryption: Encryption, row: typeof report.$inferSelect): SharingConsent | null {
  return openSharingConsent(encryption, row.sharingConsent);
}
