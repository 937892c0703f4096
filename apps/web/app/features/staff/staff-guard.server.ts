import { can, type Permission } from '@app/core/staff';
import type { RequestFacts, StaffIdentity } from '@app/core/staff-api';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { appContext } from '../../context.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The staff services and this request's facts, for loaders and actions of the staff area. */
export function staffRequest({ request, context }: Args) {
  const value = context.get(appContext);
  const facts: RequestFacts = { headers: request.headers, clientIp: value.clientIp };
  return {
    staff: value.staff,
    casework: value.casework,
    inbox: value.inbox,
    stats: value.stats,
    content: value.content,
    session: value.staffSession,
    facts,
    publicUrl: value.publicUrl,
  };
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
 * The signed-in staff member (password and second factor), allowed `permission`; otherwise the
 * sign-in page, or a 403 that the audit log records. Every loader and action of a guarded page
 * calls this, even though the layout's middleware has already sent the signed-out away.
 */
export async function requireStaff(args: Args, permission?: Permission): Promise<StaffIdentity> {
  const { session, staff } = staffRequest(args);
  if (session.state === 'needs-enrolment') throw redirect(INTERNAL_PAGES.enrol);
  if (session.state !== 'signed-in') throw loginRedirect(args.request, session.reason);
  if (permission && !can(session.staff.role, permission)) {
    await staff.recordAccessDenied(session.staff, new URL(args.request.url).pathname);
    throw data({ code: 'FORBIDDEN' }, { status: 403 });
  }
  return session.staff;
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
