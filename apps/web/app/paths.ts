import { type Language, languagePrefix } from '@app/locales/languages';

/** Every public page, with its path in English; other languages put their prefix in front. */
export const PUBLIC_PAGES = {
  home: '/',
  contact: '/contact',
  incidentReport: '/incident-report',
  incidents: '/incidents',
  privacy: '/privacy',
  termsOfUse: '/terms-of-use',
  followUp: '/follow-up',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

export function isPublicPage(value: string): value is PublicPage {
  return Object.hasOwn(PUBLIC_PAGES, value);
}

/** The path of a page in a language: `/` and `/he`, `/contact` and `/he/contact`. */
export function localizedPath(page: PublicPage, language: Language): string {
  const path = PUBLIC_PAGES[page];
  const prefix = languagePrefix(language);
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}

/** Route ids carry the language after a triple underscore, as the spec names them: `contact___fr`. */
export function routeId(page: PublicPage, language: Language): string {
  return `${page}___${language}`;
}

export function pageFromRouteId(id: string): { page: PublicPage; language: Language } | undefined {
  const [page, language] = id.split('___');
  if (!page || !language || !isPublicPage(page)) return undefined;
  return { page, language: language as Language };
}

/** Every page of the staff area lives under this path, without a language prefix. */
export const INTERNAL_PREFIX = '/internal';

export function isInternalPath(pathname: string): boolean {
  return pathname === INTERNAL_PREFIX || pathname.startsWith(`${INTERNAL_PREFIX}/`);
}

/** The staff area's pages. */
export const INTERNAL_PAGES = {
  login: '/internal/login',
  loginCode: '/internal/login/code',
  enrol: '/internal/enrol',
  setPassword: '/internal/set-password',
  signOut: '/internal/sign-out',
  language: '/internal/language',
  dashboard: '/internal/dashboard',
  reports: '/internal/reports',
  contactForms: '/internal/contact-forms',
  content: '/internal/content',
  stats: '/internal/stats',
  staff: '/internal/staff',
  audit: '/internal/audit',
  account: '/internal/account',
} as const;

/**
 * Where to go after signing in: only a page of the staff area (never another site, never the
 * sign-in pages themselves), else the dashboard.
 */
export function safeInternalDestination(next: string | null | undefined): string {
  if (!next?.startsWith(`${INTERNAL_PREFIX}/`) || next.startsWith('//') || next.includes('\\')) {
    return INTERNAL_PAGES.dashboard;
  }
  const path = next.split(/[?#]/)[0] ?? '';
  const authPages: string[] = [
    INTERNAL_PAGES.login,
    INTERNAL_PAGES.loginCode,
    INTERNAL_PAGES.enrol,
    INTERNAL_PAGES.signOut,
  ];
  if (authPages.some((page) => path === page || path.startsWith(`${page}/`))) return INTERNAL_PAGES.dashboard;
  return next;
}
