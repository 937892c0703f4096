import { LANGUAGES } from '../packages/locales/src/languages.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const PAGES = ['', '/contact', '/incident-report', '/incidents', '/privacy', '/terms-of-use'];

for (const { code, dir } of LANGUAGES) {
  test(`every public page in ${code} renders, hydrates and passes axe`, async ({ page }) => {
    for (const pagePath of PAGES) {
      const path = code === 'en' ? pagePath || '/' : `/${code}${pagePath}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('the language switcher shows the same page in another language and remembers the choice', async ({
  page,
  context,
}) => {
  await page.goto('/contact');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'עברית' }).click();
  await expect(page).toHaveURL(/\/he\/contact$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('צרו קשר');

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'lang');
  expect(cookie).toMatchObject({ value: 'he', path: '/', sameSite: 'Lax' });
  // About 365 days from now.
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

  // The next visit to / goes straight to the Hebrew home page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/he$/);

  // Choosing English again sets the cookie back, and / stays English.
  await page.getByRole('navigation', { name: 'שפה' }).getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('/ follows the browser language when there is no cookie', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'nl-BE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/nl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await context.close();
});

test('after hydration, navigation happens in the page without a full reload', async ({ page }) => {
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => {
    (window as unknown as { stayedInPage: boolean }).stayedInPage = true;
  });
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Incidents' })
    .click();
  await expect(page).toHaveURL(/\/fr\/incidents$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incidents récents');
  expect(await page.evaluate(() => (window as unknown as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
});

test('an unknown path shows the not-found page with the path, status 404', async ({ page }) => {
  const response = await page.goto('/nl/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await expect(page.getByRole('main')).toContainText('/nl/does-not-exist');
  await expectNoAxeViolations(page);
});
