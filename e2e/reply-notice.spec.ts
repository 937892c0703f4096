import { postReport, reportPayload, solveAltcha } from '../apps/server/src/test/submission-helpers.ts';
import formsEn from '../packages/locales/en/forms.json' with { type: 'json' };
import formsHe from '../packages/locales/he/forms.json' with { type: 'json' };
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
test.describe.configure({ timeout: 120_000 });

for (const [language, forms] of [
  ['en', formsEn],
  ['he', formsHe],
] as const) {
  test(`the reporter turns reply notices on and off on the follow-up page (${language})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const m = forms.followUp;
    const sent = await postReport(baseURL ?? '', {
      payload: reportPayload({ language }),
      altcha: await solveAltcha(baseURL ?? ''),
    });
    expect(sent.status).toBe(201);
    const prefix = language === 'en' ? '' : `/${language}`;
    await page.goto(`${prefix}/follow-up`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByLabel(m.receiptLabel).fill(sent.body.receipt ?? '');
    await page.getByRole('button', { name: m.open }).click();
    const section = page.getByRole('region', { name: m.notice.title });
    await expect(section).toContainText(m.notice.sharedMailbox, { timeout: 20_000 });

    await section.getByLabel(m.notice.address).fill('not an address');
    await section.getByRole('button', { name: m.notice.submit }).click();
    await expect(section).toContainText(m.errors.NOTICE_ADDRESS_INVALID);
    await expect(section.getByLabel(m.notice.address)).toHaveAttribute('aria-invalid', 'true');

    const address = `notice-${Date.now()}@example.net`;
    await section.getByLabel(m.notice.address).fill(address);
    await section.getByLabel(m.notice.senders.messages).check();
    await section.getByRole('button', { name: m.notice.submit }).click();
    await expect(section.getByRole('status')).toHaveText(m.notice.turnedOn);
    await expect(section).toContainText(m.notice.senders.messages);
    await expect(section).not.toContainText(address);
    await expectNoAxeViolations(page);
    if (process.env.E2E_SCREENSHOTS) {
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/reply-notice-${language}-${testInfo.project.name}.png` });
    }

    await section.getByRole('button', { name: m.notice.stop }).click();
    await expect(section.getByRole('status')).toHaveText(m.notice.turnedOff);
    await expect(section.getByLabel(m.notice.address)).toBeVisible();
    const left = await queryServerDatabase<{ n: number }>(
      "select count(*)::int as n from reply_notice where language = $1 and created_at > now() - interval '1 minute'",
      [language],
    );
    expect(left[0]?.n).toBe(0);
  });
}
