import type { CodeOf } from '../errors/error-codes.ts';
/**
 * The texts of the public site that staff edit, per language, in Markdown. Without an edit (or
 * after "back to the shipped text") the site shows the text it ships with.
 */
export const CONTENT_KEYS = [
  'announcement',
  'emergencyNotice',
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

/** The emergency notice must keep both numbers: a visitor in danger always sees them. */
export const EMERGENCY_PLACEHOLDERS = ['{{emergencyNumber}}', '{{policeNumber}}'] as const;

/** A telephone number as the emergency notice may show it (112, 101, +32 3 123 45 67). */
export const PHONE_NUMBER_PATTERN = /^\+?[0-9][0-9 ()./-]{1,24}$/;

export type EmergencyNumbers = { emergencyNumber: string; policeNumber: string };

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

/** Why a text or the numbers were not saved (`content.<code>` in the internal messages). */
export type ContentErrorCode = CodeOf<'content'>;

/**
 * One version of a text in its history, newest first, as the public sees it: when it came into
 * force and whether it returned to the shipped text (no author: that is for staff).
 */
export type PublishedVersion = { id: number; createdAt: string; isShippedText: boolean };

/** The texts and numbers in force, as the public pages read them (staff edit through their operations). */
export type ContentServicesForWeb = {
  current(language: string): Promise<CurrentContent>;
  /**
   * Every version of a text in one language, newest first: the privacy policy and the terms list
   * their earlier versions (decision 0045).
   */
  history(key: ContentKey, language: string): Promise<PublishedVersion[]>;
  /** One version's text, if it is a version of this key and language that staff wrote (not a return to the shipped text). */
  version(key: ContentKey, language: string, id: number): Promise<{ body: string; createdAt: string } | undefined>;
  /** The numbers staff set, if any; otherwise the configured ones apply. */
  emergencyNumbers(): Promise<EmergencyNumbers | undefined>;
};
