import en from '../packages/locales/en/internal.json' with { type: 'json' };
import he from '../packages/locales/he/internal.json' with { type: 'json' };
import { incidentOf } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { chooseStaffLanguage, signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
const WORDS = { en: en.casework.incidentPanel, he: he.casework.incidentPanel };

/** A report sent through the API, found by its own receipt. */
const newReport = async (baseURL: string) =>
  (await sendReport(baseURL, { date: '2025-06-01', type: 'harassment', language: 'en' })).id;

// Decision 0037: a coordinator links a second report into the incident of the first, by that
// report's address, and splits it out again; in English at 1280 px and in Hebrew (right to left)
// at 375 px, each page checked with axe.
for (const language of ['en', 'he'] as const) {
  test(`a coordinator links a report into another incident and splits it out again (${language})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const words = WORDS[language];
    const [first, second] = [await newReport(baseURL ?? ''), await newReport(baseURL ?? '')];
    await signInAs(page, 'coordinator');
    if (language === 'he') await chooseStaffLanguage(page, 'he');
    await page.goto(`/internal/reports/${second}`);
    const panel = page.locator('section', { has: page.getByRole('heading', { level: 2, name: words.title }) });
    await expect(panel).toContainText(words.alone);
    await expect(panel).toContainText(words.notCounted);
    await expect(panel.getByRole('button', { name: words.splitSubmit })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The other report named by the address of its page, as a member would paste it.
    await panel.getByLabel(words.linkTarget).fill(`${baseURL}/internal/reports/${first}`);
    await panel.getByRole('button', { name: words.linkSubmit }).click();
    await expect(panel.getByRole('link', { name: new RegExp(words.otherReport.split('{{')[0] ?? '') })).toHaveCount(1);
    expect(await incidentOf(second)).toBe(await incidentOf(first));
    await expect(panel.getByLabel(words.linkTarget)).toHaveValue('');
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', `/internal/reports/${first}`);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `${screenshotDir}/incident-linked-${language}-${testInfo.project.name}.png`,
      fullPage: true,
    });

    // The first report's page shows the same incident, with the second report in it.
    await panel.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/internal/reports/${first}$`));
    await expect(panel.getByRole('link').first()).toHaveAttribute('href', `/internal/reports/${second}`);

    await page.goto(`/internal/reports/${second}`);
    await panel.getByRole('button', { name: words.splitSubmit }).click();
    await expect(panel).toContainText(words.alone);
    expect(await incidentOf(second)).not.toBe(await incidentOf(first));
    await expectNoAxeViolations(page);

    // A number that names no report: the page says so, in its language, and keeps what was typed.
    await panel.getByLabel(words.linkTarget).fill('not-a-report');
    await panel.getByRole('button', { name: words.linkSubmit }).click();
    const errors = language === 'en' ? en.casework.errors : he.casework.errors;
    await expect(page.getByRole('alert')).toContainText(errors.linkReportNotFound);
    await expect(panel.getByLabel(words.linkTarget)).toHaveValue('not-a-report');
    await expectNoAxeViolations(page);
  });
}
