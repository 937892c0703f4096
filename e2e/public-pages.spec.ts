import { expect, expectNoAxeViolations, onlyAt, test } from './fixtures.ts';
import { LANGUAGES, PAGES, type PageName, pagePath } from './pages.ts';

/** The pages are kept as screenshots for a person to look at: left to right and right to left. */
const SCREENSHOT_LANGUAGES = ['en', 'fr', 'he'];

// Each test walks every page (in every language): far more than one page's worth of time.
test.describe.configure({ timeout: 240_000 });

for (const { code, dir } of LANGUAGES) {
  test(`every public page in ${code}: language, direction, landmarks, quick exit, axe`, async ({ page }, testInfo) => {
    // Hebrew at both widths; English and Dutch on the desktop, French and Yiddish on the phone
    // (decision 0027): every language is seen, and each direction at both widths.
    if (code !== 'he')
      onlyAt(testInfo, code === 'en' || code === 'nl' ? 'desktop' : 'mobile', 'one width for this language');
    for (const name of Object.keys(PAGES) as PageName[]) {
      const path = pagePath(name, code);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.quick-exit')).toBeVisible();
      // Head: its own title, canonical, hreflang for the five languages and x-default, og:locale.
      await expect(page).toHaveTitle(/\S.* \| /);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${new URL(page.url()).origin}${path}`);
      await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(6);
      await expect(page.locator('meta[property="og:locale"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveCount(4);
      await expect(page.locator('#emergency a[href^="tel:"]')).toHaveCount(2); // one notice, two numbers
      await expectNoAxeViolations(page);
      if (SCREENSHOT_LANGUAGES.includes(code)) {
        const file = `${testInfo.project.name}-${code}-${name}.png`;
        await page.screenshot({ path: `e2e/artifacts/screenshots/${file}`, fullPage: true });
      }
    }
  });
}

test('every public page is complete and readable without JavaScript', async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a context of its own: the same test in both projects');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (const { code } of LANGUAGES) {
    for (const name of Object.keys(PAGES) as PageName[]) {
      const path = pagePath(name, code);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).not.toBeEmpty();
      expect((await page.locator('main').innerText()).length, path).toBeGreaterThan(120);
      // Without JavaScript the navigation stays open and the quick exit is a plain link to the neutral site.
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(page.locator('a.quick-exit')).toHaveAttribute('href', 'https://neutral.example/');
    }
  }
  await context.close();
});

test('no public page scrolls sideways on a 320 px wide phone, in any language', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a 320 px context of its own: the same test in both projects');
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, baseURL });
  const page = await context.newPage();
  for (const { code } of LANGUAGES) {
    for (const name of Object.keys(PAGES) as PageName[]) {
      const path = pagePath(name, code);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
    }
  }
  await context.close();
});
