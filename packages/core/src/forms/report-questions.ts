import { INCIDENT_TYPES, type IncidentType } from './incident-types.ts';

/**
 * The questions added to the report form by issues 17 and 18 (decision 0024): whether the threat is
 * still going on, whether the organisation may pass the report to the police or to Unia, and, for an
 * online incident, where the content is and on which platform. Nothing here imports zod, so the
 * browser can use these lists without loading the validation.
 */

/** "Is the threat still going on?" — "I don't know" is an answer too; skipping it is allowed. */
export const THREAT_ANSWERS = ['yes', 'no', 'unknown'] as const;
export type ThreatAnswer = (typeof THREAT_ANSWERS)[number];

/** May the organisation pass the report to the police or to Unia? Sealed with the report. */
export const SHARING_CONSENTS = ['yes', 'no', 'ask-first'] as const;
export type SharingConsent = (typeof SHARING_CONSENTS)[number];

export function isSharingConsent(value: unknown): value is SharingConsent {
  return typeof value === 'string' && (SHARING_CONSENTS as readonly string[]).includes(value);
}

/** Where an online incident happened; a closed set the database holds with a CHECK. */
export const ONLINE_PLATFORMS = [
  'facebook',
  'instagram',
  'x',
  'tiktok',
  'youtube',
  'telegram',
  'whatsapp',
  'website',
  'other',
] as const;
export type OnlinePlatform = (typeof ONLINE_PLATFORMS)[number];

/** The incident type whose form asks for the addresses and the platform. */
export const ONLINE_INCIDENT_TYPE: IncidentType = 'online';

/** At most this many addresses of online content, each at most this long. */
export const MAX_ONLINE_URLS = 5;
export const ONLINE_URL_MAX_LENGTH = 2_000;

/** The form's field name of the n-th address (0-based): `onlineUrl1` … `onlineUrl5`. */
export const onlineUrlField = (index: number) => `onlineUrl${index + 1}`;
export const ONLINE_URL_FIELDS = Array.from({ length: MAX_ONLINE_URLS }, (_, index) => onlineUrlField(index));

/** The incident types that raise an urgent alert when nothing is set: physical attacks. */
export const DEFAULT_URGENT_INCIDENT_TYPES: readonly IncidentType[] = ['physical'];

export function isIncidentType(value: string): value is IncidentType {
  return (INCIDENT_TYPES as readonly string[]).includes(value);
}
