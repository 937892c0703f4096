import { languageFromHeaders, languageFromPath, languageInfo } from '@app/locales/languages';
import latinFont from '@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2?url';
import hebrewFont from '@fontsource-variable/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-wght-normal.woff2?url';
import { useEffect, useMemo } from 'react';
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
import { LoadingBar } from './components/loading-bar.tsx';
import { SiteShell } from './components/site-shell.tsx';
import { editedContent, effectiveSite } from './content/site-content.server.ts';
import { appContext } from './context.ts';
import { siteMessagesFor } from './i18n/messages.server.ts';
import { createTranslator } from './i18n/translator.ts';
import { TranslationContext } from './i18n/use-translation.ts';
import type { RootData } from './lib/root-data.ts';
import { useVersionCheck } from './lib/use-version-check.ts';
import { isInternalPath } from './paths.ts';
// The same stylesheet as text, for the server's HTML only: the browser build drops it (see Layout).
import inlineStylesheet from './styles/app.css?inline';
import stylesheet from './styles/app.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { pathname } = new URL(request.url);
  // The staff area has no language prefix: it follows the language cookie.
  const language = isInternalPath(pathname) ? languageFromHeaders(request.headers) : languageFromPath(pathname);
  const { cspNonce } = context.get(appContext);
  const site = await effectiveSite(context);
  if (isInternalPath(pathname)) {
    return {
      language,
      messages: siteMessagesFor(language),
      site,
      cspNonce,
      announcementHtml: undefined,
      emergencyNoticeText: undefined,
    };
  }
  const [edited, current] = await Promise.all([
    editedContent(context, language, ['announcement']),
    context.get(appContext).content.current(language),
  ]);
  return {
    language,
    messages: siteMessagesFor(language),
    site,
    cspNonce,
    announcementHtml: edited.announcement?.html,
    /** Staff's wording of the emergency notice: plain text with the two number placeholders. */
    emergencyNoticeText: current.emergencyNotice?.body,
  };
}

/**
 * The root data only depends on the language: fetch it again when the path's language changes,
 * or after a form was sent in the staff area (where choosing a language is a form).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET' && isInternalPath(nextUrl.pathname)) return defaultShouldRevalidate;
  return languageFromPath(currentUrl.pathname) !== languageFromPath(nextUrl.pathname);
}

const JS_MARKER = [
  "var r=document.documentElement;r.dataset.js='';",
  "document.addEventListener('click',function(e){var t=e.target;if(!r.dataset.hydrated&&t.closest&&t.closest('.menu-toggle'))r.toggleAttribute('data-menu-open-early')});",
  // With JavaScript on, a public form sent before React runs would take the path made for browsers
  // without JavaScript (no proof of work, decision 0021): it waits for React.
  // Unless the page stays without React (entry.client.tsx: its form messages did not come).
  "document.addEventListener('submit',function(e){if(!r.dataset.hydrated&&!('plain' in r.dataset)&&e.target.closest('[data-await-react]'))e.preventDefault()},true);",
].join('');

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  const language = data?.language ?? (isInternalPath(pathname) ? 'en' : languageFromPath(pathname));
  const { dir } = languageInfo(language);
  const translation = useMemo(
    () => ({ language, t: createTranslator(language, data?.messages), messages: data?.messages }),
    [language, data?.messages],
  );
  return (
    <html lang={language} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="theme-color" content="#e5971c" />
        {/* Before the first paint: JavaScript runs here, so the phone menu starts folded (no jump when
            React takes over), and a tap on Menu before then is remembered (components/site-header.tsx). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input in it. */}
        <script nonce={data?.cspNonce || undefined} dangerouslySetInnerHTML={{ __html: JS_MARKER }} />
        {/* The stylesheet inside the page (16 KB, 4.5 KB compressed), so that the first paint waits
            for no request of its own: on a slow connection a <link> waited behind, or shared the
            line with, the JavaScript the first paint does not need (decision 0042). React hoists it
            (precedence) to the top of the head and knows it by its href: in the browser it adopts the
            server's <style> as it is, so the text is sent once, in the HTML, not again in the
            JavaScript (import.meta.env.SSR is false there, and the build drops the import). */}
        <style href={stylesheet} precedence="default">
          {import.meta.env.SSR ? inlineStylesheet : ''}
        </style>
        <Meta />
        {/* The one font the first paint needs (app.css: it is used only if it comes in time). */}
        <link
          rel="preload"
          as="font"
          type="font/woff2"
          href={dir === 'rtl' ? hebrewFont : latinFont}
          crossOrigin="anonymous"
        />
        <Links />
      </head>
      <body>
        <TranslationContext.Provider value={translation}>{children}</TranslationContext.Provider>
        {/* No nonce on a page rendered for the page cache: its scripts are allowed by their hashes. */}
        <ScrollRestoration nonce={data?.cspNonce || undefined} />
        <Scripts nonce={data?.cspNonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  useVersionCheck();
  // Marks the page as interactive: CSS shows the controls that need JavaScript, and scripts (and
  // the browser tests) can tell a server-rendered page still loading from one that React runs.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
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
