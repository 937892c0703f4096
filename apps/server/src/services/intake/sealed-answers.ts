import { isSharingConsent, type SharingConsent } from '@app/core/forms/report-questions';
import type { Encryption } from '../../crypto/encryption.ts';

/**
 * The reporter's sealed answer to "may we pass your report to the police or to Unia?" (decision
 * 0024): exactly `yes`, `no` or `ask-first`; null for reports sent before the question. Read by
 * staff's pages and the evidence pack, and by the reporter's own follow-up page.
 */
export function openSharingConsent(encryption: Encryption, sealed: string | null): SharingConsent | null {
  if (!sealed) return null;
  const consent = encryption.openText(sealed);
  return isSharingConsent(consent) ? consent : null;
}
