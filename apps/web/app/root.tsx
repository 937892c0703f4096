import { languageFromPath, languageInfo } from '@app/locales/languages';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorView } from './components/error-view.tsx';
import { SiteShell } from './components/site-shell.tsx';
import { appContext } from './context.ts';
import { createI18n } from './i18n/create-i18n.ts';
import { messagesFor } from './i18n/messages.server.ts';
import stylesheet from './styles/app.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(new URL(request.url).pathname);
  const { organisationName } = context.get(appContext);
  return { language, messages: messagesFor(language), organisationName };
}

/** The root data only depends on the language: fetch it again only when the language changes. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  const language = data?.language ?? languageFromPath(pathname);
  const { dir } = languageInfo(language);
  const i18n = useMemo(() => createI18n(language, data?.messages), [language, data?.messages]);
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive: scripts (and the browser tests) can tell a server-rendered page
  // that is still loading its JavaScript from one that React now runs.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell>
      <ErrorView status={status} />
    </SiteShell>
  );
}
