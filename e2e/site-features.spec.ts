import { expect, expectNoAxeViolations, onlyAt, openMenuIfFolded, test } from './fixtures.ts';

test.describe('language', () => {
  test('the switcher shows the same page in another language and remembers the choice', async ({
    page,
    context,
  }, testInfo) => {
    onlyAt(testInfo, 'mobile', 'the switcher in the folded menu, as most reporters meet it');
    await page.goto('/contact');
    await openMenuIfFolded(page);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'עברית' }).click();
    await expect(page).toHaveURL(/\/he\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('צרו קשר');

    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'lang');
    expect(cookie).toMatchObject({ value: 'he', path: '/', sameSite: 'Lax' });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600); // about 365 days

    await page.goto('/');
    await expect(page).toHaveURL(/\/he$/);

    await openMenuIfFolded(page);
    await page.getByRole('navigation', { name: 'שפה' }).getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('/ follows the browser language when there is no cookie', async ({ browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'a context of its own: the same in both projects');
    const context = await browser.newContext({ locale: 'nl-BE', baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await context.close();
  });
});

test.describe('navigation', () => {
  test('after hydration, links navigate inside the page, with the loading bar in #E5971C when slow', async ({
    page,
  }, testInfo) => {
    onlyAt(testInfo, 'desktop', 'the navigation does not depend on the width');
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
    // Slow the page data down so that the bar has time to show.
    await page.route('**/*.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await openMenuIfFolded(page);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Incidents' })
      .click();
    const bar = page.locator('.loading-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS('background-color', 'rgb(229, 151, 28)');
    await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveCount(1);
    await expect(page).toHaveURL(/\/fr\/incidents$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incidents récents');
    await expect(bar).toHaveCount(0);
    expect(await page.evaluate(() => 'stayedInPage' in window)).toBe(true);
  });

  test('when a new build is out, the next navigation loads the page in full', async ({ page }, testInfo) => {
    onlyAt(testInfo, 'desktop', 'the navigation does not depend on the width');
    await page.route('**/version.json*', (route) =>
      route.fulfill({ json: { buildId: 'a-newer-build' }, headers: { 'cache-control': 'no-cache' } }),
    );
    const versionCheck = page.waitForRequest('**/version.json*');
    await page.goto('/nl');
    await versionCheck; // about one second after load
    await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
    await openMenuIfFolded(page);
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/nl\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'stayedInPage' in window)).toBe(false);
  });

  test('an unknown path shows the not-found page with the path, status 404', async ({ page }, testInfo) => {
    onlyAt(testInfo, 'mobile', 'the page at phone width; the other pages are checked at both');
    const response = await page.goto('/nl/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
    await expect(page.getByRole('main')).toContainText('/nl/does-not-exist');
    await expect(page.getByRole('main')).toContainText('Fout 404');
    await expectNoAxeViolations(page);
  });
});

test('on a phone, the menu opens and closes by keyboard and tells screen readers its state', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the phone menu, at phone width');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/he');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const toggle = page.getByRole('button', { name: 'תפריט' });
  const navigation = page.getByRole('navigation', { name: 'ניווט ראשי' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(navigation).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'סגירת התפריט' })).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(navigation.getByRole('link').first()).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(navigation).toBeHidden();
  await expect(page.locator('.menu-toggle')).toBeFocused();

  await page.keyboard.press('Enter');
  await navigation.getByRole('link', { name: 'אירועים' }).click();
  await expect(page).toHaveURL(/\/he\/incidents$/);
  await expect(navigation).toBeHidden(); // a navigation closes the menu
});

test.describe('safety', () => {
  test.use({ allowedOrigins: ['https://neutral.example'] });

  for (const how of ['the button', 'Esc pressed twice'] as const) {
    test(`quick exit by ${how} replaces the page with the neutral site and leaves it out of history`, async ({
      page,
    }) => {
      await page.route('https://neutral.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><h1>Weather today</h1>' }),
      );
      await page.goto('/he/incident-report');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      if (how === 'the button') await page.getByRole('link', { name: 'יציאה מהירה' }).click();
      else {
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
      }
      await expect(page).toHaveURL('https://neutral.example/');
      await expect(page.getByRole('heading', { name: 'Weather today' })).toBeVisible();
      // The report page was replaced, not stacked: Back does not bring it back.
      await page.goBack().catch(() => {});
      expect(page.url()).not.toContain('/incident-report');
    });
  }

  // WCAG 2.2, 2.4.11: the floating quick exit never hides the control the keyboard is on, on a phone,
  // in the report form (Hebrew, right to left) and the contact form.
  for (const path of ['/he/incident-report', '/contact']) {
    test(`on a phone, no control reached by the keyboard is hidden under the quick exit (${path})`, async ({
      page,
    }, testInfo) => {
      onlyAt(testInfo, 'mobile', 'the quick exit covers content only on a narrow screen');
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const covered: string[] = [];
      for (let step = 0; step < 25; step++) {
        await page.keyboard.press('Tab');
        const overlap = await page.evaluate(() => {
          const focused = document.activeElement;
          const exit = document.querySelector('.quick-exit');
          if (!focused || focused === document.body || !exit || exit.contains(focused)) return null;
          const a = focused.getBoundingClientRect();
          const b = exit.getBoundingClientRect();
          const width = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
          const height = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
          return width * height > 0 ? `${focused.tagName} ${focused.getAttribute('name') ?? ''}` : null;
        });
        if (overlap) covered.push(overlap);
      }
      expect(covered).toEqual([]);
    });
  }

  test('the report page opens with the emergency notice, and every page links to it', async ({ page }) => {
    await page.goto('/incident-report');
    const notice = page.getByRole('region', { name: 'In danger right now?' }).first();
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Call 112, the emergency number' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    await expect(notice.getByRole('link', { name: 'Call 101, the police' })).toHaveAttribute('href', 'tel:101');
    const noticeBox = await notice.boundingBox();
    const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(noticeBox?.y ?? Infinity).toBeLessThan(headingBox?.y ?? 0); // on top, before the title

    await page.goto('/yi/incidents');
    await page.getByRole('link', { name: /112/ }).first().click();
    await expect(page).toHaveURL(/#emergency$/);
    await expect(page.locator('#emergency')).toBeInViewport();
  });
});
