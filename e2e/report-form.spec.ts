import { queryServerDatabase, reportIdByReceipt } from './database.ts';
import { expect, expectNoAxeViolations, onlyAt, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';
import { fillAdditional, fillIncident, openForm, termsCheckbox } from './report-form-helpers.ts';

test('a complete report with a photo, in English: three steps, axe clean on each, stored with its file', async ({
  page,
}, testInfo) => {
  const date = testInfo.project.name === 'mobile' ? '2025-02-14' : '2025-02-13';
  const m = MESSAGES.en;
  await openForm(page, '');
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 3/ })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: m.reportForm.progressLabel }).locator('[aria-current="step"]'),
  ).toHaveText(`1. ${m.reportForm.steps.personal}`);
  await expectNoAxeViolations(page);
  await page.getByLabel(m.reportForm.firstName).fill('Rivka');
  await page.getByLabel(m.reportForm.lastName).fill('Abramowicz');
  await page.getByLabel(m.reportForm.phone, { exact: false }).fill('0470 99 88 77');
  await page.getByRole('button', { name: m.reportForm.next }).click();

  // The focus moves to the new step's heading, which says where the person is.
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 3/ })).toBeFocused();
  await fillIncident(page, m, true, date);
  await expect(page.getByText('photo-with-gps.jpg', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: m.reportForm.next }).click();

  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 3/ })).toBeFocused();
  await fillAdditional(page, m);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: m.reportForm.success })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  const receipt = (await page.locator('.receipt-card__code').innerText()).replace(/\D/g, '');

  const stored = await queryServerDatabase<{ files: number; type: string }>(
    `select count(a.id)::int as files, min(a.content_type) as type from report r
     join report_attachment a on a.report_id = r.id where r.id = $1 group by r.id`,
    [await reportIdByReceipt(receipt)],
  );
  expect(stored).toEqual([{ files: 1, type: 'image/jpeg' }]);
});

test('an anonymous report in Hebrew, right to left: the personal fields disappear and are not sent', async ({
  page,
}, testInfo) => {
  onlyAt(testInfo, 'mobile', 'a reporter in Hebrew on a phone; the English report runs at both widths');
  const m = MESSAGES.he;
  await openForm(page, '/he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel(m.reportForm.firstName).fill('רבקה');
  await page.getByLabel(m.reportForm.anonymous).check();
  await expect(page.getByLabel(m.reportForm.firstName)).toHaveCount(0);
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await fillIncident(page, m);
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await fillAdditional(page, m);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/reports'));
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  const payload = JSON.parse(
    ((await sent).postDataBuffer() ?? Buffer.alloc(0)).toString('utf8').match(/\{"language".*\}/)?.[0] ?? '{}',
  );
  expect(payload).toMatchObject({ language: 'he', anonymous: true });
  expect(payload).not.toHaveProperty('firstName');
  await expect(page.getByText(m.reportForm.success)).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
});

test('every validation message, in Dutch, by its field and in the summary', async ({ page }, testInfo) => {
  onlyAt(testInfo, 'mobile', 'the messages beside their fields on a phone, where space is short');
  const m = MESSAGES.nl;
  await openForm(page, '/nl');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  const summary = page.getByRole('alert').filter({ hasText: m.forms.missingFields });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(m.reportForm.firstName);
  await expect(summary).toContainText(m.reportForm.lastName);
  await expect(page.getByText(m.validation.required).first()).toBeVisible();
  await expect(page.getByText(m.validation.contactMethodRequired).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel(m.reportForm.firstName).fill('Jan');
  await page.getByLabel(m.reportForm.lastName).fill('Peeters');
  await page.getByLabel(m.reportForm.phone, { exact: false }).fill('12345');
  await page.getByLabel(m.reportForm.email, { exact: false }).fill('jan@');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await expect(page.getByText(m.validation.invalidPhone).first()).toBeVisible();
  await expect(page.getByText(m.validation.invalidEmail).first()).toBeVisible();
  // Choosing a summary entry takes the focus to its field.
  await page
    .getByRole('alert')
    .getByRole('button', { name: new RegExp(m.reportForm.phone) })
    .click();
  await expect(page.getByLabel(m.reportForm.phone, { exact: false })).toBeFocused();

  await page.getByLabel(m.reportForm.phone, { exact: false }).fill('0470 12 34 56');
  await page.getByLabel(m.reportForm.email, { exact: false }).fill('jan@example.be');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await page.getByLabel(m.reportForm.date).fill('2999-01-01');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await expect(page.getByText(m.validation.futureDate).first()).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(m.reportForm.location);
  await expect(page.getByRole('alert')).toContainText(m.reportForm.type);
  await expect(page.getByRole('alert')).toContainText(m.reportForm.description);
  await expectNoAxeViolations(page);

  await fillIncident(page, m);
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByRole('alert')).toContainText(m.validation.termsRequired);
  await expect(page.getByRole('alert')).toContainText(m.reportForm.calledPolice);
  await expectNoAxeViolations(page);
});

test('when the server fails, the message says so and everything typed is still there; a second try works', async ({
  page,
}, testInfo) => {
  onlyAt(
    testInfo,
    'desktop',
    'the form keeps its input whatever the width; the layout is checked on the phone by the others',
  );
  const m = MESSAGES.en;
  await openForm(page, '');
  await page.getByLabel(m.reportForm.firstName).fill('Rivka');
  await page.getByLabel(m.reportForm.lastName).fill('Abramowicz');
  await page.getByLabel(m.reportForm.email, { exact: false }).fill('rivka@example.be');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await fillIncident(page, m, true);
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await fillAdditional(page, m);

  let attempts = 0;
  await page.route('**/api/reports', async (route) => {
    attempts += 1;
    // Still in flight when the second click of the double click comes, as over a real network.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({
      status: 503,
      json: { error: { code: 'SERVICE_UNAVAILABLE' } },
      headers: { 'Retry-After': '30' },
    });
  });
  // A double click sends once.
  await page.getByRole('button', { name: m.reportForm.submit }).dblclick();
  const failure = page.getByRole('alert').filter({ hasText: m.forms.submitFailed });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(m.forms.errors.SERVICE_UNAVAILABLE);
  expect(attempts).toBe(1);

  await expect(termsCheckbox(page, m)).toBeChecked();
  await page.getByRole('button', { name: m.reportForm.previous }).click();
  await expect(page.getByLabel(m.reportForm.location)).toHaveValue('Tramhalte Plantin, Antwerpen');
  await expect(page.getByText('photo-with-gps.jpg', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: m.reportForm.previous }).click();
  await expect(page.getByLabel(m.reportForm.firstName)).toHaveValue('Rivka');
  await expect(page.getByLabel(m.reportForm.email, { exact: false })).toHaveValue('rivka@example.be');

  await page.unroute('**/api/reports');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await page.getByRole('button', { name: m.reportForm.next }).click();
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByText(m.reportForm.success)).toBeVisible({ timeout: 30_000 });
});

test('leaving the page with unsent input asks first, and staying keeps the input', async ({ page }, testInfo) => {
  onlyAt(testInfo, 'desktop', 'a browser dialog, the same at every width');
  const m = MESSAGES.en;
  await openForm(page, '');
  await page.getByLabel(m.reportForm.firstName).fill('Rivka');
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss(); // "stay on this page"
  });
  await page.locator('.site-footer').getByRole('link', { name: m.footer.contact }).click();
  // The question comes from an effect once the navigation is blocked: wait for it.
  await expect.poll(() => questions).toEqual([`confirm: ${m.forms.leaveConfirmation}`]);
  await expect(page).toHaveURL(/\/incident-report$/);
  await expect(page.getByLabel(m.reportForm.firstName)).toHaveValue('Rivka');
});

test.describe('with the neutral site standing in', () => {
  test.use({ allowedOrigins: ['https://neutral.example'] });

  test('the quick exit leaves at once even with unsent input: no question holds the person back', async ({ page }) => {
    await page.route('https://neutral.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><h1>Weather today</h1>' }),
    );
    const m = MESSAGES.en;
    await openForm(page, '');
    await page.getByLabel(m.reportForm.firstName).fill('Rivka');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: m.quickExit.label }).click();
    await expect(page).toHaveURL('https://neutral.example/');
    expect(dialogs).toEqual([]);
  });
});
