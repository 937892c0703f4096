import type { Browser, Page } from '@playwright/test';
import { queryServerDatabase, reportIdByReceipt } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';
import { fillAdditional, fillIncident, PHOTO } from './report-form-helpers.ts';

/**
 * The forms with JavaScript off, as in Tor Browser at its "Safest" level (decision 0021): each step
 * is a plain POST to the page's own address, answered by the server with the page. On a phone.
 */
test.use({ javaScriptEnabled: false });
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the forms without JavaScript are tested at 375 px');
});

type Messages = (typeof MESSAGES)['en'];

/**
 * axe runs as a script, which a page without JavaScript cannot run: the page's HTML as the server
 * sent it (without its scripts, so that React does not take it over) is checked in a page that can.
 */
async function expectNoAxeViolationsWithoutJavaScript(page: Page, browser: Browser) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize() ?? undefined,
    bypassCSP: true,
    javaScriptEnabled: true, // the test's own setting would otherwise apply here too
  });
  try {
    const checker = await context.newPage();
    await checker.goto('/version.json'); // the site's origin, for the page's own stylesheets and fonts
    await checker.setContent(html, { waitUntil: 'load' });
    await expectNoAxeViolations(checker);
  } finally {
    await context.close();
  }
}
const FORM_TOKEN_MIN_AGE_MS = 5_000;

/**
 * Sends the last step. A script that sends within seconds of opening the form is refused
 * (FORM_EXPIRED, with everything kept); a person who waits a moment and sends again gets through.
 */
async function sendWhenOldEnough(page: Page, m: Messages, button: string, openedAt: number) {
  const wait = openedAt + FORM_TOKEN_MIN_AGE_MS + 300 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText(m.forms.errors.FORM_EXPIRED)).toHaveCount(0);
}

test('a report in English without JavaScript: each step checked by the server, values kept, a refused file, the receipt', async ({
  page,
  browser,
}) => {
  const m = MESSAGES.en;
  const date = '2025-03-11';
  await page.goto('/incident-report');
  const openedAt = Date.now();
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3/ })).toBeVisible();

  // Step 1, empty: the server's own messages, in the summary (links to the fields) and by each field.
  await page.getByRole('button', { name: m.reportForm.next }).click();
  const summary = page.getByRole('alert').filter({ hasText: m.forms.missingFields });
  // The page the server sends back starts at the problems: the summary has the focus.
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: m.reportForm.firstName })).toHaveAttribute(
    'href',
    '#report-firstName',
  );
  await expect(page.getByText(m.validation.contactMethodRequired).first()).toBeVisible();
  await expectNoAxeViolationsWithoutJavaScript(page, browser);

  await page.getByLabel(m.reportForm.firstName).fill('Rivka');
  await page.getByLabel(m.reportForm.lastName).fill('Abramowicz');
  await page.getByLabel(m.reportForm.email, { exact: false }).fill('not-an-address');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await expect(page.getByRole('alert')).toContainText(m.validation.invalidEmail);
  // What was typed is still there.
  await expect(page.getByLabel(m.reportForm.firstName)).toHaveValue('Rivka');
  await page.getByLabel(m.reportForm.email, { exact: false }).fill('rivka@example.org');
  await page.getByRole('button', { name: m.reportForm.next }).click();

  // Step 2; back to step 1 and forward again loses nothing.
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 3/ })).toBeVisible();
  await fillIncident(page, m, false, date);
  await page.getByRole('button', { name: m.reportForm.previous }).click();
  await expect(page.getByLabel(m.reportForm.lastName)).toHaveValue('Abramowicz');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await expect(page.getByLabel(m.reportForm.location)).toHaveValue('Tramhalte Plantin, Antwerpen');
  await page.getByRole('button', { name: m.reportForm.next }).click();

  // Step 3: the files go with it. A file that is no photo or PDF is refused, by name.
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 3/ })).toBeVisible();
  await expect(page.getByText(m.reportForm.attachmentsHintWithoutJavaScript)).toBeVisible();
  await fillAdditional(page, m);
  const files = page.getByLabel(m.reportForm.attachments, { exact: false });
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  // The form token is checked before the files: on a fast machine the steps take under 5 seconds.
  await sendWhenOldEnough(page, m, m.reportForm.submit, openedAt);
  const refused = m.forms.errors.UNSUPPORTED_FILE_TYPE.replace('{{file}}', 'notes.txt');
  await expect(page.getByRole('alert').filter({ hasText: m.forms.submitFailed })).toContainText(refused);
  await expect(page.getByLabel(m.reportForm.policeReportNumber, { exact: false })).toHaveValue('AN.55.L1.123456/26');
  await expectNoAxeViolationsWithoutJavaScript(page, browser);

  await files.setInputFiles(PHOTO);
  await sendWhenOldEnough(page, m, m.reportForm.submit, openedAt);
  await expect(page.getByRole('status').filter({ hasText: m.reportForm.success })).toBeVisible();
  const receipt = (await page.locator('.receipt-card__code').innerText()).replace(/\D/g, '');
  expect(receipt).toMatch(/^\d{16}$/);
  await expectNoAxeViolationsWithoutJavaScript(page, browser);

  const stored = await queryServerDatabase<{ files: number; check: string }>(
    `select count(a.id)::int as files, min(r.spam_check) as check from report r
     left join report_attachment a on a.report_id = r.id where r.id = $1 group by r.id`,
    [await reportIdByReceipt(receipt)],
  );
  expect(stored).toEqual([{ files: 1, check: 'form-token' }]);
});

test('a report in Hebrew without JavaScript, anonymous: right to left, sent too fast then sent', async ({
  page,
  browser,
}) => {
  const m = MESSAGES.he;
  const date = '2025-03-12';
  await page.goto('/he/incident-report');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel(m.reportForm.anonymous).check();
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await fillIncident(page, m, false, date);
  await page.getByRole('button', { name: m.reportForm.next }).click();
  // The terms left unticked: the server says so, in Hebrew, and the rest is kept.
  await page.getByRole('group', { name: m.reportForm.calledPolice }).getByLabel(m.forms.no).check();
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByRole('alert')).toContainText(m.validation.termsRequired);
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('group', { name: m.reportForm.calledPolice }).getByLabel(m.forms.no)).toBeChecked();
  await expectNoAxeViolationsWithoutJavaScript(page, browser);
  await fillAdditional(page, m);
  await page.getByRole('group', { name: m.reportForm.calledPolice }).getByLabel(m.forms.no).check();
  // Sent within seconds of the form token, as a script would: refused, nothing lost. The token is
  // dated by the server (in whole seconds), so the test takes a new one just before it sends rather
  // than guessing the token's age from its own clock.
  await page.context().clearCookies({ name: 'form-token' });
  await page.request.get('/he/incident-report');
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'form-token')).toBe(true);
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByRole('alert')).toContainText(m.forms.errors.FORM_EXPIRED);
  const refusedAt = Date.now(); // the refusal came with a new token, dated before this
  await expect(page.getByRole('group', { name: m.reportForm.calledPolice }).getByLabel(m.forms.no)).toBeChecked();
  await sendWhenOldEnough(page, m, m.reportForm.submit, refusedAt);
  await expect(page.getByRole('status').filter({ hasText: m.reportForm.success })).toBeVisible();
  const sentAt = Date.now(); // the answer carried a new form token
  const receipt = (await page.locator('.receipt-card__code').innerText()).replace(/\D/g, '');
  const reportId = await reportIdByReceipt(receipt);
  const stored = await queryServerDatabase<{ anonymous: boolean; check: string }>(
    'select is_anonymous as anonymous, spam_check as check from report where id = $1',
    [reportId],
  );
  expect(stored).toEqual([{ anonymous: true, check: 'form-token' }]);

  // The follow-up page without JavaScript: the receipt opens the thread, the reporter answers with
  // a photo, then closes the report on this device.
  await page.locator('.receipt-card a').click();
  await expect(page).toHaveURL(/\/he\/follow-up$/);
  await page.getByLabel(m.followUp.receiptLabel).fill('1234');
  await page.getByRole('button', { name: m.followUp.open }).click();
  await expect(page.getByText(m.validation.invalidReceipt).first()).toBeVisible();
  await expect(page.getByLabel(m.followUp.receiptLabel)).toHaveValue('1234');
  await expectNoAxeViolationsWithoutJavaScript(page, browser);
  await page.getByLabel(m.followUp.receiptLabel).fill(receipt);
  await sendWhenOldEnough(page, m, m.followUp.open, sentAt);
  await expect(page.getByRole('heading', { name: m.followUp.threadTitle, exact: true })).toBeVisible();
  await page.getByRole('button', { name: m.followUp.send }).click();
  await expect(page.getByText(m.validation.required).first()).toBeVisible();
  await expect(page.getByText(m.followUp.attachmentsHintWithoutJavaScript)).toBeVisible();
  await page.getByLabel(m.followUp.message).fill('תודה, הנה עוד תמונה.');
  await page.getByLabel(m.reportForm.attachments, { exact: false }).setInputFiles(PHOTO);
  await page.getByRole('button', { name: m.followUp.send }).click();
  await expect(page.getByText(m.followUp.sent)).toBeVisible();
  await expect(page.getByText('תודה, הנה עוד תמונה.')).toBeVisible();
  await expectNoAxeViolationsWithoutJavaScript(page, browser);
  const answered = await queryServerDatabase<{ files: number }>(
    `select count(a.id)::int as files from report r join report_message m on m.report_id = r.id and m.author = 'reporter'
     join report_attachment a on a.message_id = m.id where r.id = $1`,
    [reportId],
  );
  expect(answered).toEqual([{ files: 1 }]);
  await page.getByRole('button', { name: m.followUp.close }).click();
  await expect(page.getByText(m.followUp.closed)).toBeVisible();
});

for (const code of ['en', 'he'] as const) {
  test(`the contact form in ${code} without JavaScript: the server's messages, values kept, then sent`, async ({
    page,
    browser,
  }) => {
    const m = MESSAGES[code];
    const prefix = code === 'en' ? '' : `/${code}`;
    const text = `A question sent without JavaScript (${code}) ${Date.now()}`;
    await page.goto(`${prefix}/contact`);
    const openedAt = Date.now();
    await page.getByLabel(m.contactForm.firstName).fill('Sarah');
    await page.getByLabel(m.contactForm.email).fill('sarah@');
    await page.getByLabel(m.contactForm.message).fill(text);
    await page.getByRole('button', { name: m.contactForm.submit }).click();
    await expect(page.getByRole('alert')).toContainText(m.validation.invalidEmail);
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByLabel(m.contactForm.message)).toHaveValue(text);
    await expectNoAxeViolationsWithoutJavaScript(page, browser);
    await page.getByLabel(m.contactForm.email).fill('sarah@example.org');
    await sendWhenOldEnough(page, m, m.contactForm.submit, openedAt);
    await expect(page.getByRole('status').filter({ hasText: m.contactForm.success })).toBeVisible();
    const stored = await queryServerDatabase<{ check: string; language: string }>(
      `select spam_check as check, language from contact_message where created_at > now() - interval '1 minute'
       and language = '${code}' and spam_check = 'form-token'`,
    );
    expect(stored.length).toBeGreaterThan(0);
  });
}

test('the limits without JavaScript: past 3 wrong receipts an hour, the follow-up page refuses more, in Hebrew', async ({
  browser,
}) => {
  // Four tries, each with a form token some seconds old: about half a minute on an idle machine.
  test.setTimeout(120_000);
  // An address of its own (the server trusts X-Forwarded-For from loopback in these tests), so that
  // no other test's reporter is held back; the e2e server allows 3 wrong receipts an hour.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.41' },
  });
  const page = await context.newPage();
  const m = MESSAGES.he;
  await page.goto('/he/follow-up');
  let tokenSince = Date.now();
  const tryReceipt = async (receipt: string) => {
    // Each try spends the page's form token, which must be some seconds old (decision 0021).
    const wait = tokenSince + FORM_TOKEN_MIN_AGE_MS + 300 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    await page.getByLabel(m.followUp.receiptLabel).fill(receipt);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: m.followUp.open }).click(),
    ]);
    tokenSince = Date.now();
    await expect(page.getByLabel(m.followUp.receiptLabel)).toHaveValue(receipt);
    return answer.status();
  };
  for (const wrong of ['1111 2222 3333 4444', '5555 6666 7777 8888', '9999 0000 1111 2222']) {
    expect(await tryReceipt(wrong)).toBe(400);
    await expect(page.getByRole('alert')).toContainText(m.followUp.errors.RECEIPT_NOT_RECOGNISED);
  }
  expect(await tryReceipt('1212 3434 5656 7878')).toBe(429);
  await expect(page.getByRole('alert')).toContainText(m.followUp.errors.RATE_LIMITED);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolationsWithoutJavaScript(page, browser);
  await page.screenshot({
    path: 'e2e/artifacts/screenshots/follow-up-limit-without-javascript-he.png',
    fullPage: true,
  });
  await context.close();
});
