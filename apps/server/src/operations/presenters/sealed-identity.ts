import type { ReporterIdentity } from '@app/core/casework/casework-api';
import type { Encryption } from '../../crypto/encryption.ts';

/**
 * The people behind a report or a contact message are stored sealed, as one JSON object of text
 * fields (services/intake/submit-report.ts, services/intake/submit-contact-message.ts). This reads them back, written
 * once for every place that opens them.
 */

/** A sealed JSON object of text fields, opened: every named field present, absent ones empty. */
export function openSealedFields<const Field extends string>(
  encryption: Encryption,
  sealed: string,
  fields: readonly Field[],
): Record<Field, string> {
  const parsed = JSON.parse(encryption.openText(sealed)) as Partial<Record<Field, string>>;
  return Object.fromEntries(fields.map((field) => [field, parsed[field] ?? ''])) as Record<Field, string>;
}

const REPORTER_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'address'] as const;

/** The reporter's identity; every field empty for an anonymous report (nothing sealed). */
export function openReporterIdentity(encryption: Encryption, sealed: string | null): ReporterIdentity {
  if (!sealed) return { firstName: '', lastName: '', phone: '', email: '', address: '' };
  return openSealedFields(encryption, sealed, REPORTER_FIELDS);
}
