import internalEn from '../packages/locales/en/internal.json' with { type: 'json' };
import { reportIdByReceipt } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, onlyAt, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';
import { fillAdditional, fillIncident, openForm, PHOTO } from './report-form-helpers.ts';
import { signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
const thread = internalEn.casework.thread;

test.describe.configure({ timeout: 180_000 });

for (const language of ['en', 'he'] as const) {
  test(`report → receipt → staff reply → the reporter reads it and answers with a photo → staff see it (${language})`, async ({
    page,
    browser,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const m = MESSAGES[language];
    const prefix = language === 'en' ? '' : `/${language}`;
    const date = `2024-0${language === 'en' ? 3 : 4}-${testInfo.project.name === 'mobile' ? 11 : 12}`;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    // The reporter sends an anonymous report and receives the receipt.
    await openForm(page, prefix);
    await page.getByLabel(m.reportForm.anonymous).check();
    await page.getByRole('button', { name: m.reportForm.next }).click();
    await fillIncident(page, m, false, date);
    await page.getByRole('button', { name: m.reportForm.next }).click();
    await fillAdditional(page, m);
    await page.getByRole('button', { name: m.reportForm.submit }).click();
    const card = page.locator('.receipt-card');
    await expect(card.getByRole('heading', { name: m.receipt.title })).toBeVisible({ timeout: 30_000 });
    const shown = (await card.locator('.receipt-card__code').textContent()) ?? '';
    expect(shown).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    const receipt = shown.replace(/ /g, '');
    await expect(card).toContainText(m.receipt.warning);
    await card.getByRole('button', { name: m.receipt.copy }).click();
    await expect(card.getByRole('status')).toHaveText(m.receipt.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `${screenshotDir}/receipt-${language}-${testInfo.project.name}.png`,
      fullPage: true,
    });
    // Leaving needs the box ticked first.
    await page.getByRole('button', { name: m.reportForm.reportAnother }).click();
    await expect(card).toContainText(m.receipt.confirmFirst);
    await card.getByLabel(m.receipt.confirm).check();
    await expect(card).not.toContainText(m.receipt.confirmFirst);

    const reportId = await reportIdByReceipt(receipt);

    // A coordinator writes to the reporter, in another browser.
    const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const staffPage = await staffContext.newPage();
    const coordinator = await signInAs(staffPage, 'coordinator');
    await staffPage.goto(`/internal/reports/${reportId}`);
    const question = 'Thank you. Did anyone see it happen?';
    await expect(staffPage.getByText(thread.acknowledgement)).toBeVisible();
    await staffPage.getByLabel(thread.reply).fill(question);
    await staffPage.getByRole('button', { name: thread.send }).click();
    await expect(staffPage.locator('.thread').getByText(question)).toBeVisible();

    // The reporter comes back with the receipt (typed with spaces, as on paper).
    await page.goto(`${prefix}/follow-up`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByLabel(m.followUp.receiptLabel).fill(shown);
    // The check solves its proof of work in the background (seconds on a busy machine): the flow
    // waits for it to be done rather than time a second check the form would start.
    await expect(page.getByText(m.altcha.verified)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: m.followUp.open }).click();
    await expect(page.getByRole('heading', { name: m.followUp.statusTitle })).toBeFocused({ timeout: 20_000 });
    await expect(page.locator('.status-badge')).toHaveText(m.followUp.status.received.label);
    await expect(page.getByText(m.followUp.acknowledgement)).toBeVisible();
    const staffMessage = page.locator('.thread__message--staff');
    await expect(staffMessage).toContainText(question);
    await expect(staffMessage).toContainText(m.followUp.newMessage);
    await expect(page.getByText(coordinator.name)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const answer = language === 'he' ? 'כן, נהג החשמלית ראה הכול.' : 'Yes, the tram driver saw everything.';
    await page.getByLabel(m.followUp.message).fill(answer);
    await page.getByLabel(m.reportForm.attachments, { exact: false }).setInputFiles(PHOTO);
    await page.getByRole('button', { name: m.followUp.send }).click();
    await expect(page.getByRole('status').filter({ hasText: m.followUp.sent })).toBeVisible({ timeout: 20_000 });
    const mine = page.locator('.thread__message--reporter');
    await expect(mine).toContainText(answer);
    await expect(mine).toContainText('photo-with-gps.jpg');
    await expect(page.getByLabel(m.followUp.message)).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `${screenshotDir}/follow-up-${language}-${testInfo.project.name}.png`,
      fullPage: true,
    });

    // Staff see the answer on the dashboard, then in the report's thread with its photo.
    await staffPage.goto('/internal/dashboard');
    const replies = staffPage.locator('section', {
      has: staffPage.getByRole('heading', { name: 'New messages from reporters' }),
    });
    await replies.locator(`a[href^="/internal/reports/${reportId}"]`).click();
    const received = staffPage.locator('.thread__message--reporter');
    await expect(received).toContainText(answer);
    await expect(received).toContainText(thread.unread);
    await expect(received.getByRole('link', { name: /Download file 1/ })).toBeVisible();
    await expect(received.locator('img')).toHaveJSProperty('complete', true);
    await expectNoAxeViolations(staffPage);
    // The report's page fits the screen on a phone too: long values (the PV number) wrap. (A mobile
    // viewport zooms out to fit a wider page, so compare with the device's width, not innerWidth.)
    const screenWidth = staffPage.viewportSize()?.width ?? 0;
    expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screenWidth);
    await staffPage.screenshot({
      path: `${screenshotDir}/staff-thread-${language}-${testInfo.project.name}.png`,
      fullPage: true,
    });
    await staffContext.close();

    // Closing ends the session on this device.
    await page.getByRole('button', { name: m.followUp.close }).click();
    await expect(page.getByText(m.followUp.closed)).toBeVisible();
    await expect(page.getByLabel(m.followUp.receiptLabel)).toBeVisible();
    expect(receipt).toHaveLength(16);
  });
}

test('a wrong receipt gets the same answer each time, and repeated ones are refused for a while', async ({
  browser,
}, testInfo) => {
  onlyAt(testInfo, 'desktop', 'a context of its own, at the default width: the same in both projects');
  // An address of its own (the server trusts X-Forwarded-For from loopback in these tests), so
  // that the other tests' reporters are not held back by this one.
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': testInfo.project.name === 'mobile' ? '203.0.113.21' : '203.0.113.22' },
  });
  const page = await context.newPage();
  const m = MESSAGES.he;
  await page.goto('/he/follow-up');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const field = page.getByLabel(m.followUp.receiptLabel);
  await field.fill('1234');
  await page.getByRole('button', { name: m.followUp.open }).click();
  await expect(page.getByText(m.validation.invalidReceipt)).toBeVisible();
  await expect(field).toBeFocused();

  // The e2e server allows 3 wrong receipts an hour from one address.
  for (const wrong of ['1111 2222 3333 4444', '5555 6666 7777 8888', '9999 0000 1111 2222']) {
    await field.fill(wrong);
    await page.getByRole('button', { name: m.followUp.open }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(m.followUp.errors.RECEIPT_NOT_RECOGNISED, { timeout: 20_000 });
    await expect(field).toHaveValue(wrong);
  }
  await field.fill('1212 3434 5656 7878');
  await page.getByRole('button', { name: m.followUp.open }).click();
  await expect(page.getByRole('alert')).toHaveText(m.followUp.errors.RATE_LIMITED, { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/follow-up-refused-he-${testInfo.project.name}.png`, fullPage: true });
  await context.close();
});
