import { randomUUID } from 'node:crypto';
import en from '../packages/locales/en/internal.json' with { type: 'json' };
import he from '../packages/locales/he/internal.json' with { type: 'json' };
import { incidentOf } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, onlyAt, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { chooseStaffLanguage, signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
const WORDS = {
  en: { ...en.casework.suggestions, panel: en.casework.incidentPanel },
  he: { ...he.casework.suggestions, panel: he.casework.incidentPanel },
};

/** An online report sent through the API naming `address`, found by its own receipt. */
async function onlineReport(baseURL: string, address: string): Promise<string> {
  const fields = {
    date: '2025-06-01',
    type: 'online',
    onlineUrls: [address],
    onlinePlatform: 'facebook',
    language: 'en',
  };
  return (await sendReport(baseURL, fields)).id;
}

// Decision 0043: three reports name one post (written three ways); the third report's page
// suggests the incidents of the other two, for the same online address. The coordinator says the
// first is not the same (it does not come back), and links the report into the second's incident.
// In English at 1280 px and in Hebrew at 375 px, each page checked with axe.
for (const language of ['en', 'he'] as const) {
  test(`a report's page suggests incidents with the same online address; dismiss and link (${language})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    // Three reports through the API, each with its proof of work.
    test.setTimeout(420_000);
    const words = WORDS[language];
    const post = `https://social.example/posts/${randomUUID()}`;
    const first = await onlineReport(baseURL ?? '', post);
    const second = await onlineReport(baseURL ?? '', `${post.replace('https://', 'http://www.')}/?utm_source=share`);
    const third = await onlineReport(baseURL ?? '', `${post}#comments`);
    await signInAs(page, 'coordinator');
    if (language === 'he') await chooseStaffLanguage(page, 'he');
    await page.goto(`/internal/reports/${third}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: words.title }) });
    const items = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(words['reason_online-address']);
    const suggestionOf = (reportId: string) =>
      items.filter({ has: page.locator(`a[href="/internal/reports/${reportId}"]`) });
    await expect(suggestionOf(first)).toHaveCount(1);
    await expect(suggestionOf(second)).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `${screenshotDir}/suggested-links-${language}-${testInfo.project.name}.png`,
      fullPage: true,
    });
    await panel.screenshot({ path: `${screenshotDir}/suggested-links-panel-${language}-${testInfo.project.name}.png` });

    // Not the same: the first report's incident is no longer suggested, after a reload too.
    await suggestionOf(first).getByRole('button', { name: words.dismiss }).click();
    await expect(suggestionOf(first)).toHaveCount(0);
    await expect(items).toHaveCount(1);
    await page.reload();
    await expect(suggestionOf(first)).toHaveCount(0);
    await expect(suggestionOf(second)).toHaveCount(1);

    // Confirmed: this report joins the second's incident; nothing is suggested any more (the
    // incident it left is gone, and what was dismissed with it stays dismissed).
    await suggestionOf(second).getByRole('button', { name: words.link }).click();
    await expect(panel).toContainText(words.none);
    expect(await incidentOf(third)).toBe(await incidentOf(second));
    const incidentPanel = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: words.panel.title }),
    });
    await expect(incidentPanel.locator(`a[href="/internal/reports/${second}"]`)).toHaveCount(1);
    await expectNoAxeViolations(page);
    expect(await incidentOf(first)).not.toBe(await incidentOf(second));
  });
}

// The same two forms without JavaScript (decision 0021): plain posts, the page drawn again.
test('suggestions are dismissed and confirmed without JavaScript', async ({ page, browser, baseURL }, testInfo) => {
  onlyAt(testInfo, 'desktop', 'the plain forms of the staff page; the layout is checked with JavaScript');
  test.setTimeout(420_000);
  const words = WORDS.en;
  const post = `https://social.example/posts/${randomUUID()}`;
  const [first, second, third] = [
    await onlineReport(baseURL ?? '', post),
    await onlineReport(baseURL ?? '', `${post}?fbclid=abc`),
    await onlineReport(baseURL ?? '', post.replace('https://social.example', 'HTTPS://SOCIAL.EXAMPLE:443')),
  ];
  await signInAs(page, 'coordinator');
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto(`/internal/reports/${third}`);
    const panel = plain.locator('section', { has: plain.getByRole('heading', { level: 2, name: words.title }) });
    const suggestionOf = (reportId: string) =>
      panel.getByRole('listitem').filter({ has: plain.locator(`a[href="/internal/reports/${reportId}"]`) });
    await expect(suggestionOf(first)).toHaveCount(1);
    await suggestionOf(first).getByRole('button', { name: words.dismiss }).click();
    await expect(suggestionOf(first)).toHaveCount(0);
    await suggestionOf(second).getByRole('button', { name: words.link }).click();
    await expect(panel).toContainText(words.none);
    expect(await incidentOf(third)).toBe(await incidentOf(second));
  } finally {
    await context.close();
  }
});
