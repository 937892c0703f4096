import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '@app/locales/languages';
import { redirect } from 'react-router';
import { field } from '../../features/staff/staff-guard.server.ts';
import { INTERNAL_PAGES, safeInternalDestination } from '../../paths.ts';
import type { Route } from './+types/language';

/** Sets the language cookie (as the public site's language links do) and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = field(form, 'language');
  const returnTo = field(form, 'returnTo');
  const back = returnTo.startsWith(INTERNAL_PAGES.login) ? returnTo : safeInternalDestination(returnTo);
  if (!isLanguage(language)) return redirect(back);
  return redirect(back, {
    headers: {
      'Set-Cookie': `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    },
  });
}

export function loader() {
  return redirect(INTERNAL_PAGES.dashboard);
}
