import { LANGUAGES, type Language, languagePrefix } from '@app/locales/languages';

/** Every public page, with its path in English; other languages put their prefix in front. */
export const PUBLIC_PAGES = {
  home: '/',
  contact: '/contact',
  incidentReport: '/incident-report',
  incidents: '/incidents',
  incidentsData: '/incidents/data',
  privacy: '/privacy',
  termsOfUse: '/terms-of-use',
  followUp: '/follow-up',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;
/** A page's key in the messages (`pages.<key>`): the pages above and the yearly summaries. */
export type PageKey = PublicPage | 'incidentsYear';

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

/**
 * The yearly summaries (`/incidents/2026`, `/he/incidents/2026`): one route per language with the
 * year as its parameter; a year without verified incidents answers 404.
 */
export function yearlyPath(year: number, language: Language): string {
  return `${localizedPath('incidents', language)}/${year}`;
}

/** The open data files, in every language (their labels are in the page's language). */
export const DATA_FILES = [
  'monthly.csv',
  'monthly.json',
  'provinces.csv',
  'provinces.json',
  'categories.csv',
  'categories.json',
] as const;
export type DataFile = (typeof DATA_FILES)[number];

export function dataFilePath(file: DataFile, language: Language): string {
  return `${localizedPath('incidentsData', language)}/${file}`;
}

const prefixes = LANGUAGES.map(({ code }) => languagePrefix(code).slice(1)).filter(Boolean);
const FIGURE_PATH = new RegExp(
  `^(?:/(?:${prefixes.join('|')}))?/incidents/(?:\\d{4}|data/(?:${DATA_FILES.map((file) => file.replace('.', '\\.')).join('|')}))$`,
);

/** A yearly summary or a data file: public, the same for everyone, kept by the page cache. */
export function isFigurePath(pathname: string): boolean {
  return FIGURE_PATH.test(pathname);
}

/**
 * One version of a legal text (decision 0045): a shipped one has a number (`/privacy/versions/2`),
 * one staff wrote is named by its content version (`/privacy/versions/edit-17`). `date` is the day
 * it came into force.
 */
export type LegalVersion = { slug: string; date: string; version?: number };

/** An earlier (or the current) version of the privacy policy or the terms (decision 0045): `/he/privacy/versions/1`. */
export function legalVersionPath(page: 'privacy' | 'termsOfUse', language: Language, slug: string): string {
  return `${localizedPath(page, language)}/versions/${slug}`;
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
  recordReport: '/internal/reports/new',
  contactForms: '/internal/contact-forms',
  content: '/internal/content',
  stats: '/internal/stats',
  staff: '/internal/staff',
  tags: '/internal/tags',
  partners: '/internal/partners',
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
