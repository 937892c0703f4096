import { AppError } from '@app/core/errors/app-error';
import { can, type Permission } from '@app/core/staff/staff';
import type { RequestFacts } from '@app/core/staff/staff-api';
import type { StaffOperations } from '@app/core/staff/staff-operations';
import { type RouterContextProvider, redirect } from 'react-router';
import { appContext } from '../../context.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The sign-in steps and this request's facts, for the staff area's pages (the sign-in pages, the
 * account page). Everything else a member does goes through `requireStaff`'s operations.
 */
export function staffRequest({ request, context }: Args) {
  const value = context.get(appContext);
  if (!value.staffAuth) throw new Error('staffRequest used outside the staff area');
  const facts: RequestFacts = { headers: request.headers, clientIp: value.clientIp };
  return { auth: value.staffAuth, session: value.staffSession, facts, publicUrl: value.publicUrl };
}

/** The sign-in page, remembering where the visitor was going. */
export function loginRedirect(request: Request, reason?: string): Response {
  const url = new URL(request.url);
  // A client-side navigation asks for `<page>.data?_routes=…`; come back to the page itself.
  url.searchParams.delete('_routes');
  const params = new URLSearchParams({ next: `${url.pathname.replace(/\.data$/, '')}${url.search}` });
  if (reason) params.set('reason', reason);
  return redirect(`${INTERNAL_PAGES.login}?${params}`);
}

/**
 * The operations of the signed-in staff member (both factors given in this session), when their
 * role has `permission`; otherwise the sign-in page, or FORBIDDEN (recorded in the audit log),
 * which `answeringFailures` (shared/failures.server.ts) answers with the 403 page. Every loader and
 * action of a guarded page calls this, even though the layout's middleware has already sent the
 * signed-out away; and each operation checks the permission once more itself.
 */
export async function requireStaff(args: Args, permission?: Permission): Promise<StaffOperations> {
  const value = args.context.get(appContext);
  const session = value.staffSession;
  if (session.state === 'needs-enrolment') throw redirect(INTERNAL_PAGES.enrol);
  if (session.state !== 'signed-in' || !value.staff) {
    throw loginRedirect(args.request, session.state === 'anonymous' ? session.reason : undefined);
  }
  if (permission && !can(session.staff.role, permission)) {
    await value.staffAuth?.recordAccessDenied(session.staff, new URL(args.request.url).pathname);
    throw new AppError('FORBIDDEN');
  }
  return value.staff;
}

/** Headers that set the cookies a sign-in step handed back. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** A form field as a string ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The new password of a form that asks for it twice, or the error when the two differ. */
export function newPasswordFrom(form: FormData): { password: string } | { error: 'passwordsDiffer' } {
  const password = field(form, 'newPassword');
  return password === field(form, 'confirmPassword') ? { password } : { error: 'passwordsDiffer' };
}
