import { todayInBelgium } from '../packages/core/src/site/dates.ts';
import { queryServerDatabase } from './database.ts';
import { seedFigures } from './figures-seed.ts';
import { expect, expectNoAxeViolations, onlyAt, test } from './fixtures.ts';
import { LANGUAGES, pagePath } from './pages.ts';

const year = Number(todayInBelgium().slice(0, 4));
const yearPath = (prefix: string) => `${prefix}/incidents/${year}`;

// Verified incidents over two years, in several provinces and types, and one lone incident in
// Limburg that the pages must show as "fewer than 3" (e2e/figures-seed.ts).
test.beforeAll(seedFigures);

for (const { code, dir } of LANGUAGES) {
  test(`the figures in ${code}: charts, tables, yearly summary and files, axe clean`, async ({ page }, testInfo) => {
    // Hebrew at both widths; English and Dutch on the desktop, French and Yiddish on the phone
    // (decision 0027): every language is seen, and each direction at both widths.
    if (code !== 'he')
      onlyAt(testInfo, code === 'en' || code === 'nl' ? 'desktop' : 'mobile', 'one width for this language');
    const prefix = pagePath('home', code).replace(/\/$/, '');
    for (const path of [pagePath('incidents', code), yearPath(prefix)]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      // Every chart is an SVG with its title, and its table is a region the keyboard reaches.
      const charts = page.locator('svg[role="img"]');
      expect(await charts.count(), path).toBeGreaterThanOrEqual(2);
      for (const chart of await charts.all()) await expect(chart.locator('title')).not.toBeEmpty();
      const table = page.locator('.figure-table').first();
      await table.focus();
      await expect(table).toBeFocused();
      // The lone incident in Limburg is never a figure: its row says "fewer than 3".
      await expect(
        page.locator('.figure-table tr', { has: page.locator('th', { hasText: /Limburg|לימבורג|Limbourg/ }) }).first(),
      ).toContainText('<3');
      await expectNoAxeViolations(page);
      if (code === 'en' || code === 'he') {
        const name = path === yearPath(prefix) ? 'year' : 'incidents';
        await page.screenshot({
          path: `e2e/artifacts/screenshots/${testInfo.project.name}-${code}-figures-${name}.png`,
          fullPage: true,
        });
      }
    }
    await expect(page.locator('.incident-count__value')).toBeVisible();
    // The files, in the page's language, from the links of the open data page.
    await page.goto(pagePath('incidentsData', code));
    const csvLink = page.locator('a[href$="/monthly.csv"]');
    const csv = await page.request.get((await csvLink.getAttribute('href')) ?? '');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe('as_of,month,from,to,type,type_label,count,status');
    const json = await page.request.get((await page.locator('a[href$="/provinces.json"]').getAttribute('href')) ?? '');
    expect((await json.json()).language).toBe(code);
  });
}

test('the yearly summary is complete without JavaScript', async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a context of its own: the same test in both projects');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(yearPath('/he'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(year));
  expect(await page.locator('svg[role="img"] rect').count()).toBeGreaterThan(3);
  expect(await page.locator('.figure-table td').count()).toBeGreaterThan(20);
  await context.close();
});
