import type { Page } from '@playwright/test';
import { solveAltcha } from '../apps/server/src/test/submission-helpers.ts';
import formsEn from '../packages/locales/en/forms.json' with { type: 'json' };
import formsYi from '../packages/locales/yi/forms.json' with { type: 'json' };
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
// A first sign-in hashes the password twice and sets up two-step sign-in: slow on a busy machine.
test.describe.configure({ timeout: 420_000 });

/** The reporter opens their report with the receipt, as on the follow-up page. */
async function openWithReceipt(page: Page, prefix: string, receipt: string, m: typeof formsEn.followUp) {
  await page.goto(`${prefix}/follow-up`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel(m.receiptLabel).fill(receipt);
  await page.getByRole('button', { name: m.open }).click();
}

for (const [language, forms] of [
  ['en', formsEn],
  ['yi', formsYi],
] as const) {
  test(`the reporter sees a pack shared, withdraws consent and has the report erased (${language})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const m = forms.followUp;
    const c = m.control;
    const prefix = language === 'en' ? '' : `/${language}`;
    const { id: reportId, receipt } = await sendReport(baseURL ?? '', { language, sharingConsent: 'yes' });

    // A coordinator makes an evidence pack for the police.
    await signInAs(page, 'coordinator');
    await page.goto(`/internal/reports/${reportId}`);
    const download = page.waitForEvent('download');
    await page.getByTestId('evidence-pack-form').getByRole('button', { name: 'Download the pack (zip)' }).click();
    await download;

    // The reporter, in a browser of their own, sees it listed.
    const reporterContext = await browser.newContext();
    const reporter = await reporterContext.newPage();
    await openWithReceipt(reporter, prefix, receipt, m);
    const shared = reporter.getByRole('region', { name: c.sharedTitle });
    // The receipt form waits for its proof of work, which takes a while on a busy machine.
    await expect(shared.getByTestId('shared-list')).toContainText(c.shared['evidence-pack'].police, {
      timeout: 60_000,
    });
    await expect(shared).toContainText(c.identityWithheld);
    if (process.env.E2E_SCREENSHOTS) {
      await reporter.screenshot({ path: `${screenshotDir}/reporter-shared-${language}.png`, fullPage: true });
    }

    // Withdrawing asks for the tick first, then is recorded.
    const choices = reporter.getByRole('region', { name: c.choicesTitle });
    await choices.getByText(c.withdraw.summary).click();
    await choices.getByRole('button', { name: c.withdraw.submit }).click();
    await expect(choices).toContainText(m.errors.CONFIRM_REQUIRED);
    await choices.getByLabel(c.withdraw.confirm).check();
    await choices.getByRole('button', { name: c.withdraw.submit }).click();
    await expect(choices.getByRole('status')).toHaveText(c.recorded['withdraw-consent']);
    await expect(choices.getByTestId('consent-withdrawn')).toBeVisible();
    await expectNoAxeViolations(reporter);
    if (process.env.E2E_SCREENSHOTS) {
      await reporter.screenshot({ path: `${screenshotDir}/reporter-control-${language}.png`, fullPage: true });
    }

    // The coordinator's page shows it, and offers no more evidence pack.
    await page.reload();
    const panel = page.getByTestId('reporter-control');
    await expect(panel.getByTestId('consent-withdrawn')).toContainText('withdrew their consent');
    await expect(page.getByTestId('evidence-pack-withdrawn')).toBeVisible();
    await expect(page.getByTestId('evidence-pack-form')).toHaveCount(0);

    // The reporter asks for erasure; the coordinator confirms it.
    await choices.getByText(c.erasure.summary).click();
    await choices.getByLabel(c.erasure.confirm).check();
    await choices.getByRole('button', { name: c.erasure.submit }).click();
    await expect(choices.getByRole('status')).toHaveText(c.recorded.erasure);
    await expect(choices.getByTestId('erasure-state')).toBeVisible();

    // The coordinator's dashboard lists the request with the day its answer is due, and leads to it.
    await page.goto('/internal/dashboard');
    const request = page.getByRole('table', { name: 'Requests for erasure' }).locator(`a[href*="${reportId}"]`);
    await expect(request).toBeVisible();
    await expectNoAxeViolations(page);
    await request.click();
    await expect(page).toHaveURL(new RegExp(`/internal/reports/${reportId}#reporter-control-title$`));
    await expect(panel.getByTestId('erasure-request')).toBeVisible();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Erase the report now' }).click();
    await expect(page.getByText("at the reporter's request. Its date, type")).toBeVisible();
    await expect(panel.getByTestId('erasure-answer')).toContainText('Erased on');

    // The report is gone but for what is counted; its record is left.
    const [row] = await queryServerDatabase<{ personal_data: string | null; erased: boolean; type: string }>(
      'select personal_data, personal_data_erased_at is not null as erased, incident_type as type from report where id = $1',
      [reportId],
    );
    expect(row).toEqual({ personal_data: null, erased: true, type: 'verbal' });
    const record = await queryServerDatabase('select via from report_erasure where report_id = $1', [reportId]);
    expect(record).toEqual([{ via: 'request' }]);

    // The reporter's session went with the report; the receipt now shows only the erasure. (Opened
    // here as the page's form does, with the proof of work solved in Node: the form was used above.)
    const opened = await fetch(`${baseURL}/api/follow-up/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL ?? '' },
      body: JSON.stringify({ receipt, altcha: await solveAltcha(baseURL ?? '') }),
    });
    expect(opened.status).toBe(200);
    const [pair = ''] = (opened.headers.getSetCookie()[0] ?? '').split(';');
    const [name = '', value = ''] = pair.split('=');
    await reporterContext.addCookies([{ name, value, url: baseURL ?? '' }]);
    await reporter.goto(`${prefix}/follow-up`);
    await expect(reporter.getByRole('heading', { name: c.erasedTitle })).toBeVisible();
    await expect(reporter.getByRole('region', { name: c.choicesTitle })).toHaveCount(0);
    await expectNoAxeViolations(reporter);
    await reporterContext.close();
  });
}
