import { redirect } from 'react-router';
import { cookieHeaders, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import type { Route } from './+types/sign-out';

/** Signing out is a POST (a link could be triggered by another site); it ends the session in the database. */
export async function action(args: Route.ActionArgs) {
  const { auth, session, facts } = staffRequest(args);
  const member = session.state === 'anonymous' ? undefined : session.staff;
  const { setCookies } = await auth.signOut(member, facts);
  return redirect(`${INTERNAL_PAGES.login}?reason=signedOut`, { headers: cookieHeaders(setCookies) });
}

export function loader() {
  return redirect(INTERNAL_PAGES.dashboard);
}
