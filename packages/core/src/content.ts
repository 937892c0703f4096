import type { StaffIdentity } from './staff-api.ts';

/**
 * The texts of the public site that staff edit, per language, in Markdown. Without an edit (or
 * after "back to the shipped text") the site shows the text it ships with.
 */
export const CONTENT_KEYS = [
  'announcement',
  'aboutUs',
  'ourServices',
  'getInvolved',
  'howYouCanHelp',
  'privacy',
  'termsOfUse',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

export function isContentKey(value: unknown): value is ContentKey {
  return typeof value === 'string' && (CONTENT_KEYS as readonly string[]).includes(value);
}

export const CONTENT_MAX_LENGTH = 30_000;

export type ContentVersion = {
  id: number;
  body: string;
  /** This version went back to the shipped text. */
  isShippedText: boolean;
  createdAt: string;
  author: string | null;
};

/** The edited texts in force for one language; a key that is absent shows the shipped text. */
export type CurrentContent = Partial<Record<ContentKey, { body: string; updatedAt: string }>>;

export type ContentServicesForWeb = {
  current(language: string): Promise<CurrentContent>;
  history(key: ContentKey, language: string): Promise<ContentVersion[]>;
  save(
    actor: StaffIdentity,
    key: ContentKey,
    language: string,
    body: string,
  ): Promise<{ ok: true } | { ok: false; code: 'tooLong' }>;
  restoreShipped(actor: StaffIdentity, key: ContentKey, language: string): Promise<void>;
};
