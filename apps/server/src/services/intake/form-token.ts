import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '@app/core/site/cookies';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { altchaUsedChallenge } from '../../db/schema.ts';

/** A token is accepted this long after it was given: enough to fill in the report form slowly. */
export const FORM_TOKEN_LIFETIME_SECONDS = 3 * 60 * 60;
/** Nobody reads the form, types a message and sends it faster than this; a script does. */
export const FORM_TOKEN_MIN_AGE_SECONDS = 5;

export type FormTokenCheck = 'ok' | 'missing' | 'invalid' | 'too-fresh' | 'expired' | 'used';

export type FormTokens = {
  /** A `Set-Cookie` header with a new token, unless the request already holds a valid one. */
  cookieFor(cookieHeader: string | undefined, options?: { renew?: boolean }): string | undefined;
  /**
   * Checks the request's token without spending it: signed, old enough, not expired, and not used
   * already (security review finding 1: a spent token must not buy any work).
   */
  check(cookieHeader: string | undefined): Promise<FormTokenCheck>;
  /** Checks the token and marks it used, once on every instance; 'ok' only the first time. */
  spend(cookieHeader: string | undefined): Promise<FormTokenCheck>;
};

/**
 * What stands in for ALTCHA's proof of work on a form sent without JavaScript (decision 0021): a
 * token signed by the server (HMAC of the time it was given and a random nonce), sent as a
 * browser-session cookie with the form page, that must be some seconds old and is used once.
 *
 * A cookie rather than a hidden field because the form pages come from the public page cache:
 * the same HTML for every visitor, so it cannot carry a token of one's own. The cookie holds no
 * identity and nothing is stored about it until it is used (its nonce, until it expires).
 */
export function createFormTokens(db: Db, key: Buffer, { secureCookies }: { secureCookies: boolean }): FormTokens {
  const cookieName = secureCookies ? '__Host-form-token' : 'form-token';
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secureCookies ? '; Secure' : ''}`;
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  const make = () => {
    const body = `${Math.floor(Date.now() / 1000).toString(36)}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${sign(body)}`;
  };

  const read = (cookieHeader: string | undefined) => {
    const token = readCookie(cookieHeader, cookieName);
    if (!token) return { state: 'missing' as const };
    const parts = token.split('.');
    if (parts.length !== 3 || token.length > 200) return { state: 'invalid' as const };
    const [issued = '', nonce = '', mac = ''] = parts;
    const expected = Buffer.from(sign(`${issued}.${nonce}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { state: 'invalid' as const };
    const issuedAt = Number.parseInt(issued, 36);
    if (!Number.isSafeInteger(issuedAt)) return { state: 'invalid' as const };
    const age = Date.now() / 1000 - issuedAt;
    if (age > FORM_TOKEN_LIFETIME_SECONDS) return { state: 'expired' as const };
    if (age < FORM_TOKEN_MIN_AGE_SECONDS) return { state: 'too-fresh' as const, nonce, issuedAt };
    return { state: 'ok' as const, nonce, issuedAt };
  };

  return {
    cookieFor(cookieHeader, { renew = false } = {}) {
      if (!renew) {
        const { state } = read(cookieHeader);
        if (state === 'ok' || state === 'too-fresh') return undefined;
      }
      // No Max-Age: closing the browser forgets it; Strict: no other site's page can send it back.
      return `${cookieName}=${make()}; ${attributes}`;
    },
    async check(cookieHeader) {
      const token = read(cookieHeader);
      if (token.state !== 'ok') return token.state;
      const [used] = await db
        .select({ challengeId: altchaUsedChallenge.challengeId })
        .from(altchaUsedChallenge)
        .where(eq(altchaUsedChallenge.challengeId, `form-token:${token.nonce}`));
      return used ? 'used' : 'ok';
    },
    async spend(cookieHeader) {
      const token = read(cookieHeader);
      if (token.state !== 'ok') return token.state;
      // Kept with ALTCHA's used challenges: one table of "used once" proofs, swept when they expire.
      const inserted = await db
        .insert(altchaUsedChallenge)
        .values({
          challengeId: `form-token:${token.nonce}`,
          expiresAt: sql`to_timestamp(${token.issuedAt + FORM_TOKEN_LIFETIME_SECONDS})`,
        })
        .onConflictDoNothing()
        .returning({ challengeId: altchaUsedChallenge.challengeId });
      return inserted.length === 1 ? 'ok' : 'used';
    },
  };
}
