import { expect, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';

/**
 * The forms' messages come as a file of their own, not inside the page (apps/web/app/i18n/
 * form-messages.tsx, decision 0020): fetched once per language, before a form page hydrates or is
 * shown, and a page whose messages never come stays the server's page, whose forms still send.
 */
const FORM_MESSAGES = /\/assets\/forms-[\w-]+\.json$/;

test('a form page reached inside the site, in Hebrew, has its texts, its messages fetched once for every form', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the header links are visible without the phone menu');
  const m = MESSAGES.he;
  // The file's fetches that came over the network (a second use is served by the browser's cache:
  // the file's name carries its hash, and it is kept a year).
  const fetched = () =>
    page.evaluate((pattern) => {
      const file = new RegExp(pattern);
      return performance
        .getEntriesByType('resource')
        .filter((entry) => file.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: entry.name, bytes: (entry as PerformanceResourceTiming).transferSize }));
    }, FORM_MESSAGES.source);
  await page.goto('/he');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // No form here: nothing is fetched for one.
  expect(await fetched()).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  const navigation = page.getByRole('navigation', { name: m.nav.label });
  await navigation.getByRole('link', { name: m.nav.report }).click();
  await expect(page).toHaveURL(/\/he\/incident-report$/);
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(m.reportForm.stepOf.replace(/\{\{\w+\}\}/g, '\\d')) }),
  ).toBeVisible();
  await expect(page.getByLabel(m.reportForm.firstName)).toBeVisible();
  await navigation.getByRole('link', { name: m.nav.contact }).click();
  await expect(page.getByLabel(m.contactForm.message)).toBeVisible();
  await expect(page.getByRole('button', { name: m.contactForm.submit })).toBeVisible();
  // The same document all along (the site's own navigation), and the file fetched once for both forms.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const overTheNetwork = (await fetched()).filter((entry) => entry.bytes > 0);
  expect(overTheNetwork).toHaveLength(1);
  expect(overTheNetwork[0]?.url).toMatch(FORM_MESSAGES);
});

test('when the form messages do not come, the contact page stays as the server sent it and its form still sends', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'one width is enough for the fallback');
  const m = MESSAGES.en;
  await page.route(FORM_MESSAGES, (route) => route.abort('connectionfailed'));
  await page.goto('/contact');
  // React did not take the page over: it says so, and the controls made for JavaScript hide again.
  await expect(page.locator('html')).toHaveAttribute('data-plain', '');
  await expect(page.locator('html')).not.toHaveAttribute('data-js', /.*/);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  const openedAt = Date.now();
  await page.getByLabel(m.contactForm.firstName).fill('Miriam');
  await page.getByLabel(m.contactForm.email).fill('miriam@example.org');
  await page.getByLabel(m.contactForm.message).fill(`Sent while the form's messages did not come ${Date.now()}`);
  // The plain path refuses a form sent within seconds of opening it (decision 0021): a person waits.
  const wait = openedAt + 5_300 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: m.contactForm.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: m.contactForm.success })).toBeVisible();
});

test('a public page paints before it fetches its scripts, then hydrates (decision 0020, stop 40)', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'a phone is where the first paint matters');
  // The page as the server sends it: no module preload, so no script competes with the first paint.
  const html = await (await request.get('/he/incident-report')).text();
  expect(html).toContain('data-form-messages');
  expect(html).not.toContain('rel="modulepreload"');
  // Every public page is sent so; the staff area, met on a desk, is as React Router makes it.
  expect(await (await request.get('/yi')).text()).not.toContain('rel="modulepreload"');
  // A page rendered for its request (a nonce on every script and preload) as well.
  expect(await (await request.get('/yi/no-such-page')).text()).not.toContain('rel="modulepreload"');
  expect(await (await request.get('/internal/login')).text()).toContain('rel="modulepreload"');
  await page.goto('/he/incident-report');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[\w.-]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(timing.paint).toBeGreaterThan(0);
  // The entry, the framework, the routes and their chunks: every one asked for after the paint.
  expect(timing.scripts.length).toBeGreaterThanOrEqual(8);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint as number);
  await expect(page.getByLabel(MESSAGES.he.reportForm.firstName)).toBeVisible();
});
