import { LANGUAGES, languageInfo } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { localizedPath, PUBLIC_PAGES as PAGES } from '@app/web/paths';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/test-server.ts';
import { useTestServer } from '../test/use-test-server.ts';

const PUBLIC_URL = 'https://example.test';

const pathOf = localizedPath;

async function getDocument(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
  const document = new JSDOM(await response.text()).window.document;
  return { response, document };
}

describe('public pages, server-rendered', () => {
  const server = useTestServer({ ORG_NAME: 'Veiligheid Testorganisatie' });

  const cases = LANGUAGES.flatMap(({ code }) =>
    (Object.keys(PAGES) as (keyof typeof PAGES)[]).map((page) => [pathOf(page, code), page, code] as const),
  );

  it.each(cases)('%s has its language, direction, text and head tags', async (path, page, language) => {
    const { response, document } = await getDocument(server, path, { 'Accept-Language': 'en' });
    expect(response.status).toBe(200);
    const html = document.documentElement;
    expect(html.getAttribute('lang')).toBe(language);
    expect(html.getAttribute('dir')).toBe(languageInfo(language).dir);

    const messages = resources[language].common.pages[page];
    expect(document.querySelector('h1')?.textContent).toBe(messages.title);
    expect(document.querySelector('main')?.textContent).toContain(messages.lead.split('{{')[0]);
    expect(document.title).toBe(`${messages.title} | Veiligheid Testorganisatie`);
    expect(document.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      messages.description.replace('{{organisation}}', 'Veiligheid Testorganisatie'),
    );

    const canonical = document.querySelector('link[rel=canonical]')?.getAttribute('href');
    expect(canonical).toBe(`${PUBLIC_URL}${path}`);
    const alternates = Object.fromEntries(
      [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
    );
    expect(alternates).toEqual({
      en: `${PUBLIC_URL}${pathOf(page, 'en')}`,
      fr: `${PUBLIC_URL}${pathOf(page, 'fr')}`,
      nl: `${PUBLIC_URL}${pathOf(page, 'nl')}`,
      he: `${PUBLIC_URL}${pathOf(page, 'he')}`,
      yi: `${PUBLIC_URL}${pathOf(page, 'yi')}`,
      'x-default': `${PUBLIC_URL}${pathOf(page, 'en')}`,
    });
    const ogLocale = document.querySelector('meta[property="og:locale"]')?.getAttribute('content');
    expect(ogLocale).toBe(languageInfo(language).tag.replace('-', '_'));
    expect(document.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(4);
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
    expect(document.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(
      document.querySelector('meta[name=description]')?.getAttribute('content'),
    );
  });

  it.each([
    ['/nl/does-not-exist', 'nl'],
    ['/does-not-exist', 'en'],
    ['/de/contact', 'en'],
    ['/he/contact/extra', 'he'],
  ] as const)('%s is a 404 page in %s that shows the path', async (path, language) => {
    const { response, document } = await getDocument(server, path);
    expect(response.status).toBe(404);
    expect(document.documentElement.getAttribute('lang')).toBe(language);
    expect(document.querySelector('h1')?.textContent).toBe(resources[language].common.errors.notFound.title);
    expect(document.querySelector('main')?.textContent).toContain(path);
  });

  it('shows English at / when neither a cookie nor the browser asks for another language', async () => {
    const { response, document } = await getDocument(server, '/', { 'Accept-Language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(200);
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(response.headers.get('vary')).toMatch(/Cookie.*Accept-Language/);
  });

  it.each([
    ['nl-BE,nl;q=0.9,en;q=0.8', '/nl'],
    ['fr-BE', '/fr'],
    ['he', '/he'],
    ['iw-IL', '/he'],
    ['yi', '/yi'],
    ['de;q=1,yi;q=0.5,fr;q=0.7', '/fr'],
  ])('redirects / to the browser language (Accept-Language: %s → %s)', async (acceptLanguage, location) => {
    const response = await fetch(`${server.baseUrl}/`, {
      headers: { 'Accept-Language': acceptLanguage },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it('prefers the language cookie to the browser language, and keeps the query string', async () => {
    const response = await fetch(`${server.baseUrl}/?utm=x`, {
      headers: { Cookie: 'other=1; lang=yi', 'Accept-Language': 'fr' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/yi?utm=x');
  });

  it('stays on the English home page when the cookie says English, whatever the browser says', async () => {
    const response = await fetch(`${server.baseUrl}/`, {
      headers: { Cookie: 'lang=en', 'Accept-Language': 'he' },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
  });

  it('ignores a cookie that names no language of the site', async () => {
    const response = await fetch(`${server.baseUrl}/`, {
      headers: { Cookie: 'lang=de', 'Accept-Language': 'nl' },
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toBe('/nl');
  });

  it('does not redirect a page that names its language in the path', async () => {
    const response = await fetch(`${server.baseUrl}/contact`, { headers: { Cookie: 'lang=he' }, redirect: 'manual' });
    expect(response.status).toBe(200);
  });
});
