import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { z } from 'zod';

/**
 * Two things our sign-in pages need that better-auth's two-factor plugin keeps to itself, read
 * through its plugin API (endpoints that only the server can call, `auth.api.*`), in this one file:
 *
 * - Whether a browser holds a pending two-factor challenge, and whose: the code page is shown only
 *   then, and a code already used is refused before it is tried. The plugin reads its signed
 *   `two_factor` cookie only inside its own verify endpoints, which spend an attempt.
 * - The authenticator's secret as an otpauth:// address, for the enrolment page. The plugin's
 *   `getTOTPURI` asks for the password again, which the page (a later request than the password's)
 *   does not have; the secret is sealed with the auth secret in the `twoFactor` table, and opened
 *   here as the plugin itself opens it (symmetricDecrypt with the context's secret configuration).
 *
 * Nothing here is mounted over HTTP (better-auth's handler is not mounted at all, `auth.ts`).
 */
export function staffAuthState() {
  return {
    id: 'staff-auth-state',
    endpoints: {
      /** The staff member a browser's signed two-factor cookie names, while its challenge lasts. */
      twoFactorChallengeUser: createAuthEndpoint.serverOnly({ method: 'POST' }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie('two_factor');
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return { userId: null };
        const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
        return { userId: challenge && challenge.expiresAt > new Date() ? challenge.value : null };
      }),
      /** The otpauth:// address of a staff member's authenticator, set up or being set up. */
      totpUri: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string(), email: z.string() }) },
        async (ctx) => {
          const row = await ctx.context.adapter.findOne<{ secret: string }>({
            model: 'twoFactor',
            where: [{ field: 'userId', value: ctx.body.userId }],
          });
          if (!row) return { totpUri: null };
          const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
          return { totpUri: createOTP(secret).url(ctx.context.appName, ctx.body.email) };
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
