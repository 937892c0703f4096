import { TOTP_CODE_PATTERN } from '@app/core/staff/staff';
import type { StaffAuthForWeb } from '@app/core/staff/staff-api';
import QRCode from 'qrcode';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Auth } from './auth.ts';
import { callAuth } from './auth-call.ts';
import { failure } from './auth-outcome.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { UsedTotpCodes } from './used-totp-codes.ts';

type Dependencies = { auth: Auth; audit: AuditLog; sessions: StaffSessions; usedCodes: UsedTotpCodes };

/**
 * Setting up the authenticator at the first sign-in: the secret (as a QR code and as text), then
 * a first code from the app, which completes the session and gives the recovery codes.
 */
export function createAuthenticatorEnrolment({
  auth,
  audit,
  sessions,
  usedCodes,
}: Dependencies): Pick<StaffAuthForWeb, 'enrolment' | 'confirmEnrolment'> {
  return {
    async enrolment(staff) {
      const { totpUri } = await auth.api.totpUri({ body: { userId: staff.id, email: staff.email } });
      if (!totpUri) throw new Error('no authenticator set-up is in progress for this staff member');
      const secret = new URL(totpUri).searchParams.get('secret') ?? '';
      const qrCodeSvg = await QRCode.toString(totpUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { otpauthUri: totpUri, secret, qrCodeSvg };
    },

    async confirmEnrolment(staff, code, request) {
      const trimmed = code.replace(/\s/g, '');
      if (!TOTP_CODE_PATTERN.test(trimmed)) return failure('invalidCode');
      const result = await callAuth(() =>
        auth.api.verifyTOTP({ body: { code: trimmed }, headers: request.headers, asResponse: true }),
      );
      if (result.errorCode) {
        await audit.record({ action: 'two-factor.failed', actorId: staff.id, details: { reason: 'enrolment-code' } });
        return failure('invalidCode', result.setCookies);
      }
      await usedCodes.claim(staff.id, trimmed);
      // better-auth replaced the session: the new one is complete, and it is the only one left.
      // A browser that gave the password earlier and never a code keeps nothing.
      const token = await sessions.markSecondFactor(staff.id, result.setCookies);
      if (!token) return failure('unavailable', result.setCookies);
      await sessions.endOthers(staff.id, token);
      const codes = await auth.api.viewBackupCodes({ body: { userId: staff.id } });
      await audit.record({ action: 'two-factor.enrolled', actorId: staff.id });
      return { ok: true, setCookies: result.setCookies, recoveryCodes: codes.backupCodes };
    },
  };
}
