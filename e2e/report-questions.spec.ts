import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';
import { openForm, termsCheckbox } from './report-form-helpers.ts';
import { signInAs } from './staff.ts';

const m = MESSAGES.en;
/** Addresses of hateful content as a reporter would paste them; the server never opens them. */
const POST = `https://www.instagram.com/p/e2e-${Date.now()}/`;
const VIDEO = `https://www.youtube.com/watch?v=e2e${Date.now()}`;

// Issue 17 §4 and issue 18 (decision 0024): the online fields from the form to the staff report page
// and the CSV, with the new questions on the way. The width does not matter here: one project.
test('an online incident carries its addresses and platform from the form to the staff page and the CSV', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one flow through the form and the staff area is enough');
  test.setTimeout(240_000);
  await openForm(page, '');
  await page.getByRole('checkbox', { name: m.reportForm.anonymous }).check();
  await page.getByRole('button', { name: m.reportForm.next }).click();

  await page.getByLabel(m.reportForm.date).fill('2026-11-01');
  await page.getByLabel(m.reportForm.location).fill('Instagram and YouTube');
  // The online fields appear only for an online incident, one address box at a time.
  await expect(page.getByRole('group', { name: m.reportForm.onlineEvidence })).toHaveCount(0);
  await page.getByRole('radio', { name: new RegExp(m.incidentTypes.online.label) }).check();
  const evidence = page.getByRole('group', { name: m.reportForm.onlineEvidence });
  await expect(evidence).toBeVisible();
  const address = (number: number) => evidence.getByLabel(m.reportForm.onlineUrl.replace('{{number}}', String(number)));
  await expect(address(2)).toHaveCount(0);
  await address(1).fill('instagram.com/p/not-whole');
  await expect(address(2)).toBeVisible();
  await address(2).fill(VIDEO);
  await evidence.getByLabel(m.reportForm.onlinePlatform).selectOption('instagram');
  await page.getByLabel(m.reportForm.description).fill('Hateful posts about the Jewish community, shared widely.');
  await page.getByRole('button', { name: m.reportForm.next }).click();
  // An address that is not whole is refused by its own field, named in the summary.
  await expect(page.getByRole('alert')).toContainText(`Address 1: ${m.validation.invalidUrl}`);
  await expect(address(1)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await address(1).fill(POST);
  await page.getByRole('button', { name: m.reportForm.next }).click();

  const question = (text: string) => page.getByRole('group', { name: text });
  await question(m.reportForm.threatOngoing).getByLabel(m.reportForm.threatAnswers.yes).check();
  await question(m.reportForm.calledPolice).getByLabel(m.forms.no).check();
  await question(m.reportForm.calledOrganisation.replace('{{organisation}}', 'Community Safety Flanders'))
    .getByLabel(m.forms.no)
    .check();
  await question(m.reportForm.medicalTreatment).getByLabel(m.forms.no).check();
  await expect(page.getByText(m.reportForm.sharingConsentHint)).toBeVisible();
  await question(m.reportForm.sharingConsent)
    .getByRole('radio', { name: new RegExp(m.reportForm.sharingConsents.yes.meaning) })
    .check();
  await termsCheckbox(page, m).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: m.reportForm.submit }).click();
  await expect(page.getByText(m.reportForm.success)).toBeVisible({ timeout: 30_000 });
  // The page holds the visitor until the receipt is kept.
  await page.getByLabel(m.receipt.confirm).check();

  // Staff: the threat is going on, so the report waits at the top of the dashboard.
  // The first sign-in ends on the dashboard.
  await signInAs(page, 'coordinator');
  const urgent = page.getByRole('region', { name: /urgent report/ });
  await expect(urgent).toContainText('The reporter says the threat is still going on.');
  await urgent
    .getByRole('link', { name: /^Online, received / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report of / })).toBeVisible();
  const reportId = page.url().split('/').pop() ?? '';

  const facts = page.locator('section[aria-labelledby="incident-title"]');
  await expect(facts).toContainText('Urgent');
  await expect(facts).toContainText('Instagram');
  for (const url of [POST, VIDEO]) {
    // Shown as text, and as a link that sends no referrer and gives the new page no hold on this one.
    const link = facts.getByRole('link', { name: url });
    await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
    await expect(link).toHaveAttribute('href', url);
  }
  const answer = (term: string) => facts.locator(`dt:text-is("${term}") + dd`);
  await expect(answer('Threat still going on')).toHaveText('Yes');
  await expect(answer('May be passed to the police or Unia')).toHaveText('Yes');
  await expectNoAxeViolations(page);

  // The CSV of the report list carries the platform, the answers and the addresses, as text.
  const csv = await (await page.request.get('/api/internal/exports/reports.csv?type=online')).text();
  const header =
    csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]
      ?.split(',') ?? [];
  const row =
    csv
      .split('\r\n')
      .find((line) => line.startsWith(reportId))
      ?.split(',') ?? [];
  const cell = (name: string) => row[header.indexOf(name)];
  expect(cell('online_platform')).toBe('instagram');
  // Sent from the browser with JavaScript: ALTCHA's proof of work, not the no-JavaScript token.
  expect(cell('spam_check')).toBe('proof-of-work');
  expect(cell('online_urls')).toBe(`${POST} ${VIDEO}`);
  expect(cell('threat_ongoing')).toBe('true');
  expect(cell('sharing_consent')).toBe('yes');
  expect(cell('urgent')).toBe('true');

  // Taking it (the first status change) clears it from the top of the dashboard.
  await page.getByRole('button', { name: 'Move to: In review' }).click();
  await expect(page.getByText('Current status: In review')).toBeVisible();
  await expect(facts).toContainText(/Taken on /);
  await page.goto('/internal/dashboard');
  // Gone from the urgent reports (the latest reports, which link to every report, may still list it).
  await expect(
    page.getByRole('region', { name: /urgent report/ }).locator(`a[href="/internal/reports/${reportId}"]`),
  ).toHaveCount(0);
});
