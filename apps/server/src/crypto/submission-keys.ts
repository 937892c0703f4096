import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * A submission key (idempotency key): a random value the reporter's browser makes for one report
 * or one message, sent with every try of it (decision 0025). 16 to 64 characters of base64url
 * (a UUID's hex and dashes fit too): at least 96 bits of randomness from a browser's generator.
 */
export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The key as sent, or undefined for none; a malformed one is refused by the caller. */
export function readSubmissionKey(value: unknown): string | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && SUBMISSION_KEY_PATTERN.test(value) ? value : 'invalid';
}

/** A new submission key (the form without JavaScript gets one from the server with its second step). */
export const newSubmissionKey = () => randomBytes(18).toString('base64url');

export type SubmissionKeys = {
  /** What the database keeps of a key: its HMAC, so that a leaked table gives no key back. */
  lookup(key: string): string;
  /**
   * Seals the first answer under a key derived from the submission key itself: the database and
   * the site's keys together still cannot open it without the key, which only the reporter's
   * browser holds.
   */
  sealAnswer(key: string, answer: string): string;
  /** Opens it, or undefined if it does not open with this key. */
  openAnswer(key: string, sealed: string): string | undefined;
};

const VERSION = 1;

export function createSubmissionKeys(secret: Buffer): SubmissionKeys {
  const derive = (purpose: string, key: string) => createHmac('sha256', secret).update(`${purpose}\0${key}`).digest();
  return {
    lookup: (key) => derive('lookup', key).toString('base64url'),
    sealAnswer(key, answer) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', derive('answer', key), iv);
      const body = Buffer.concat([cipher.update(answer, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]).toString('base64');
    },
    openAnswer(key, sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes[0] !== VERSION || bytes.length < 29) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', derive('answer', key), bytes.subarray(1, 13));
        decipher.setAuthTag(bytes.subarray(13, 29));
        return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
