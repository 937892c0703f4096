import { LANGUAGES } from '@app/locales/languages';
import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';
import { legalVersionPath, localizedPath, PUBLIC_PAGES, type PublicPage, routeId } from './paths.ts';

const PAGE_MODULES: Record<PublicPage, string> = {
  home: 'routes/public/home.tsx',
  contact: 'routes/public/contact.tsx',
  incidentReport: 'routes/public/incident-report.tsx',
  incidents: 'routes/public/incidents.tsx',
  incidentsData: 'routes/public/incidents-data.tsx',
  privacy: 'routes/public/privacy.tsx',
  termsOfUse: 'routes/public/terms-of-use.tsx',
  followUp: 'routes/public/follow-up.tsx',
};

// One route per page and language, so that an unknown prefix (/de/contact) is a 404 rather than
// a page in a language we do not have.
const publicRoutes = LANGUAGES.flatMap(({ code }) =>
  (Object.keys(PUBLIC_PAGES) as PublicPage[]).map((page) => {
    const path = localizedPath(page, code);
    const id = routeId(page, code);
    return path === '/' ? index(PAGE_MODULES[page], { id }) : route(path, PAGE_MODULES[page], { id });
  }),
);

// The yearly summaries and the open data files, also one route per language (`incidentsYear___he`).
const figureRoutes = LANGUAGES.flatMap(({ code }) => [
  route(`${localizedPath('incidents', code)}/:year`, 'routes/public/incidents-year.tsx', {
    id: `incidentsYear___${code}`,
  }),
  route(`${localizedPath('incidentsData', code)}/:file`, 'routes/public/incidents-data-file.ts', {
    id: `incidentsDataFile___${code}`,
  }),
]);

// The earlier versions of the privacy policy and the terms (decision 0045), one route per language.
const legalVersionRoutes = LANGUAGES.flatMap(({ code }) =>
  (['privacy', 'termsOfUse'] as const).map((page) =>
    route(legalVersionPath(page, code, ':version'), 'routes/public/legal-version.tsx', {
      id: `${page}Version___${code}`,
    }),
  ),
);

// The staff area: no language prefix (it follows the language cookie). The sign-in pages are
// outside the guarded layout; everything else is inside it.
const internalRoutes = layout('routes/internal/internal-root.tsx', [
  ...prefix('internal', [
    index('routes/internal/internal-index.tsx'),
    route('login', 'routes/internal/login.tsx'),
    route('login/code', 'routes/internal/login-code.tsx'),
    route('enrol', 'routes/internal/enrol.tsx'),
    route('set-password', 'routes/internal/set-password.tsx'),
    route('sign-out', 'routes/internal/sign-out.tsx'),
    route('language', 'routes/internal/language.tsx'),
    layout('routes/internal/internal-layout.tsx', [
      route('dashboard', 'routes/internal/dashboard.tsx'),
      route('reports', 'routes/internal/reports.tsx'),
      route('reports/new', 'routes/internal/record-report.tsx'),
      route('reports/:reportId', 'routes/internal/report.tsx'),
      route('contact-forms', 'routes/internal/contact-forms.tsx'),
      route('contact-forms/:messageId', 'routes/internal/contact-form.tsx'),
      route('content', 'routes/internal/content.tsx'),
      route('content/:key/:language', 'routes/internal/content-editor.tsx'),
      route('stats', 'routes/internal/stats.tsx'),
      route('staff', 'routes/internal/staff.tsx'),
      route('staff/:staffId', 'routes/internal/staff-member.tsx'),
      route('tags', 'routes/internal/tags.tsx'),
      route('partners', 'routes/internal/partners.tsx'),
      route('audit', 'routes/internal/audit.tsx'),
      route('account', 'routes/internal/account.tsx'),
    ]),
  ]),
]);

export default [
  layout('routes/public/public-layout.tsx', [...publicRoutes, ...figureRoutes, ...legalVersionRoutes]),
  internalRoutes,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
