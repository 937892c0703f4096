import { LANGUAGES } from '@app/locales/languages';
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { localizedPath, PUBLIC_PAGES, type PublicPage, routeId } from './paths.ts';

const PAGE_MODULES: Record<PublicPage, string> = {
  home: 'routes/public/home.tsx',
  contact: 'routes/public/contact.tsx',
  incidentReport: 'routes/public/incident-report.tsx',
  incidents: 'routes/public/incidents.tsx',
  privacy: 'routes/public/privacy.tsx',
  termsOfUse: 'routes/public/terms-of-use.tsx',
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

export default [
  layout('routes/public/public-layout.tsx', publicRoutes),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
