import { todayInBelgium } from '@app/core/site/dates';
import { postReport, reportPayload, SEEDED, solveAltcha } from '../apps/server/src/test/submission-helpers.ts';
import { queryServerDatabase } from './database.ts';
import { seedFigures } from './figures-seed.ts';
import { expect, expectNoAxeViolations, onlyAt, test } from './fixtures.ts';
import { countedLast30Days, expectOwnOnPublicCount, verifiedLast30Days } from './public-count.ts';
import { sendReport } from './sent-reports.ts';
import { chooseStaffLanguage, createStaffAccount, signInAs, signInFirstTime } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';

/** A Brussels calendar day some days ago, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const date = new Date(`${todayInBelgium()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The letters the staff statistics count in their default range: the figures' seed (and other
 * flows) may hold some already, so the test compares with what was there before it.
 */
async function lettersOnStats(page: import('@playwright/test').Page): Promise<number> {
  await page.goto('/internal/stats');
  const row = page.getByRole('table', { name: 'By type of incident' }).getByRole('row', { name: /Letter or message/ });
  if ((await row.count()) === 0) return 0;
  return Number(/(\d+)\D*$/.exec((await row.textContent()) ?? '')?.[1] ?? 0);
}

// The 30-day count is one figure for the whole site: the flow reads its own share of it (other flows
// verify incidents of recent days beside it), and runs in one project only. It visits the public
// pages of five languages and the staff pages of two reports: alone 40 s, beside the other flows on a
// busy two-core machine it took past 120 s (CI of 28 November), so it has the long flows' 240 s.
test.describe.configure({ timeout: 240_000 });

test('a report goes new → in review → verified → published, and reaches /incidents in every language', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the public count is shared by the whole site');
  const day = daysAgo(3);
  for (const type of ['letter', 'letter']) {
    const sent = await postReport(baseURL ?? '', {
      payload: reportPayload({ date: day, type, language: 'en' }),
      altcha: await solveAltcha(baseURL ?? ''),
    });
    expect(sent.status).toBe(201);
  }
  // The figures' seed holds incidents of the last 30 days: written now if not yet, never in between.
  await seedFigures();

  await signInAs(page, 'coordinator');
  const lettersBefore = await lettersOnStats(page);
  await page.goto(`/internal/reports?status=new&type=letter&from=${day}&to=${day}&sort=received-asc`);
  await expectNoAxeViolations(page);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // The filtered list as CSV: the same two reports, nothing personal.
  const exportHref = await page
    .getByRole('link', { name: 'Download this list without personal data (CSV)' })
    .getAttribute('href');
  const listCsv = await (await page.request.get(exportHref ?? '')).text();
  expect(listCsv.trim().split('\r\n')).toHaveLength(3);
  expect(listCsv).not.toContain(SEEDED.lastName);
  await rows.nth(0).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report of / })).toBeVisible();
  const reportId = page.url().split('/').pop() ?? '';
  // Not counted yet: the report is new.
  await expectOwnOnPublicCount(page, '/incidents', reportId, 0);
  await page.goto(`/internal/reports/${reportId}`);
  await expect(page.getByText(SEEDED.description)).toBeVisible();
  await expect(page.getByText(SEEDED.lastName)).toHaveCount(0);
  await page.getByRole('button', { name: "Show the reporter's details" }).click();
  await expect(page.getByTestId('reporter-details')).toContainText(SEEDED.lastName);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Move to: In review' }).click();
  await expect(page.getByText('Current status: In review')).toBeVisible();
  const verify = page.locator('form', { has: page.getByRole('button', { name: 'Move to: Verified' }) });
  await verify.getByRole('button', { name: 'Move to: Verified' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the municipality');
  await verify.getByLabel('Municipality').fill('Antwerpen');
  await verify.getByLabel('Province').selectOption('antwerp');
  await verify.getByRole('button', { name: 'Move to: Verified' }).click();
  // An incident is verified only with a category (decision 0044): the coordinator classifies it first.
  await expect(page.getByRole('alert')).toContainText('Classify the incident first');
  await expect(page.getByText('Current status: In review')).toBeVisible();
  const classification = page.getByRole('region', { name: 'Classification' });
  await classification.getByRole('radio', { name: 'Literature and mass mailings' }).check();
  await classification.getByRole('checkbox', { name: 'Modern antisemitism (conspiracy)' }).check();
  await classification.getByLabel('Target').selectOption('person');
  await classification.getByLabel('How we know').selectOption('victim');
  await classification.getByLabel('Type of place').selectOption('home');
  await classification.getByRole('button', { name: 'Save the classification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(classification.getByText('Not classified yet.')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await verify.getByLabel('Municipality').fill('Zoersel');
  await verify.getByLabel('Province').selectOption('antwerp');
  // An arrondissement of another province is refused (decision 0047), then the right one is taken.
  await verify.getByLabel('Arrondissement').selectOption('gent');
  await verify.getByRole('button', { name: 'Move to: Verified' }).click();
  await expect(page.getByRole('alert')).toContainText('That arrondissement is not in the province chosen');
  await verify.getByLabel('Municipality').fill('Zoersel');
  await verify.getByLabel('Province').selectOption('antwerp');
  await verify.getByLabel('Arrondissement').selectOption('antwerpen');
  await verify.getByRole('button', { name: 'Move to: Verified' }).click();
  await expect(page.getByText('Current status: Verified')).toBeVisible();
  await expect(classification.getByRole('radio', { name: 'Literature and mass mailings' })).toBeChecked();

  const summary = 'A man shouted antisemitic insults at a tram stop.';
  await page.getByLabel('Public summary in English').fill(summary);
  await page.getByLabel('Public summary in עברית').fill('אדם צעק עלבונות אנטישמיים בתחנת חשמלית.');
  await page.getByLabel('Original language of the summary').selectOption('en');
  // The list's precision (decision 0047): month and arrondissement unless staff choose otherwise.
  const datePrecision = page.getByRole('group', { name: 'Date on the public list' });
  const placePrecision = page.getByRole('group', { name: 'Place on the public list' });
  await expect(datePrecision.getByRole('radio', { name: 'Month and year (recommended)' })).toBeChecked();
  await expect(placePrecision.getByRole('radio', { name: 'Arrondissement (recommended)' })).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Public incident list' }).getByLabel('Arrondissement', { exact: true }),
  ).toHaveValue('antwerpen');
  await datePrecision.getByRole('radio', { name: 'Week (shown as the week of its Monday)' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published on /)).toBeVisible();
  await expect(datePrecision.getByRole('radio', { name: 'Week (shown as the week of its Monday)' })).toBeChecked();
  await page.screenshot({ path: `${screenshotDir}/staff-report-${testInfo.project.name}.png`, fullPage: true });
  // The publish form as a phone shows it, in English and in Hebrew (right to left).
  await page.setViewportSize({ width: 375, height: 740 });
  const publishPanel = page.locator('section[aria-labelledby="publish-title"]');
  await publishPanel.screenshot({ path: `${screenshotDir}/publish-precision-en-375.png` });
  await chooseStaffLanguage(page, 'he');
  await page.goto(`/internal/reports/${reportId}`);
  await expect(publishPanel.getByRole('group', { name: 'התאריך ברשימה הציבורית' })).toBeVisible();
  await expectNoAxeViolations(page);
  await publishPanel.screenshot({ path: `${screenshotDir}/publish-precision-he-375.png` });
  await page.getByLabel('שפה').first().selectOption('en');
  await page
    .locator('form', { has: page.getByLabel('שפה') })
    .first()
    .getByRole('button')
    .click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.setViewportSize({ width: 1280, height: 800 });

  expect(await countedLast30Days(reportId)).toBe(true);
  for (const [path, text] of [
    ['/incidents', summary],
    ['/he/incidents', 'אדם צעק עלבונות אנטישמיים בתחנת חשמלית.'],
    ['/fr/incidents', summary],
    ['/nl/incidents', summary],
    ['/yi/incidents', summary],
  ] as const) {
    await expectOwnOnPublicCount(page, path, reportId, 1);
    // Decision 0047: an incident of the month under way is not listed until the month is over (its
    // figures are not broken down before), nor while the 30-day count reads "fewer than 3"; and
    // however it is listed, its exact day and municipality are neither in the page nor its data.
    const heldBack = day.slice(0, 7) === todayInBelgium().slice(0, 7) || (await verifiedLast30Days()) < 3;
    if (heldBack) await expect(page.locator('main')).not.toContainText(text);
    const data = await (await page.request.get(`${path}.data`)).text();
    for (const exact of [day, 'Zoersel']) {
      await expect(page.locator('main')).not.toContainText(exact);
      expect(data, path).not.toContain(exact);
    }
    if (heldBack) expect(data, path).not.toContain(text);
    // Nothing that could identify the reporter is on the public page.
    for (const secret of [SEEDED.lastName, SEEDED.location, SEEDED.description, SEEDED.email]) {
      await expect(page.locator('main')).not.toContainText(secret);
    }
  }
  await page.goto('/he/incidents');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/incidents-he-${testInfo.project.name}.png`, fullPage: true });
  await page.goto('/incidents?type=physical');
  await expect(page.locator('main')).not.toContainText(summary);

  await page.goto(`/internal/reports/${reportId}`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  await page.goto('/incidents');
  await expect(page.locator('main')).not.toContainText(summary);
  // Still a verified incident of the last 30 days: the count stays.
  expect(await countedLast30Days(reportId)).toBe(true);
  await expectOwnOnPublicCount(page, '/incidents', reportId, 1);

  // The other report is rejected as spam: it is never counted.
  // The only one of the two still new (the figures' seed holds verified letters of other days and
  // perhaps of this one: the test's own reports are the new ones).
  await page.goto(`/internal/reports?status=new&type=letter&from=${day}&to=${day}&sort=received-asc`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Move to: In review' }).click();
  const reject = page.locator('form', { has: page.getByRole('button', { name: 'Move to: Rejected' }) });
  await reject.getByLabel('Reason').selectOption('spam');
  await reject.getByRole('button', { name: 'Move to: Rejected' }).click();
  await expect(page.getByText('Rejected: Spam')).toBeVisible();
  await page.getByRole('button', { name: 'Move to: Closed' }).click();
  await expect(page.getByText('Current status: Closed')).toBeVisible();
  expect(await countedLast30Days(reportId)).toBe(true);
  await expectOwnOnPublicCount(page, '/incidents', reportId, 1);

  // The statistics count the verified incident (and not the rejected one), in a chart and a table.
  await page.goto('/internal/dashboard');
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  const byType = page.getByRole('table', { name: 'By type of incident' });
  await expect(byType.getByRole('row', { name: /Letter or message/ })).toContainText(String(lettersBefore + 1));
  await expect(page.getByRole('img', { name: /By type of incident/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download these figures (CSV)' }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv).toContain(`type,letter,${lettersBefore + 1},`);
  await page.screenshot({ path: `${screenshotDir}/staff-stats-${testInfo.project.name}.png`, fullPage: true });

  // The changes, in order; the looks at the report (decision 0049) are checked by the server tests.
  const audit = await queryServerDatabase<{ action: string }>(
    `select action from audit_event
      where subject_id = $1 and action not in ('report.opened', 'report.file-opened') order by id`,
    [reportId],
  );
  expect(audit.map((event) => event.action)).toEqual([
    'report.personal-data-viewed',
    'report.status-changed',
    // Classified before it could be verified (decision 0044).
    'incident.classified',
    'report.status-changed',
    'report.published',
    'report.unpublished',
  ]);
});

test('a coordinator reads a contact message, replies by email, archives and deletes it', async ({
  page,
  baseURL,
}, testInfo) => {
  onlyAt(testInfo, 'desktop', 'a staff flow whose layout the other tests check at both widths');
  const firstName = `Sender${Date.now().toString(36)}`;
  const sent = await fetch(`${baseURL}/api/contact-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      altcha: await solveAltcha(baseURL ?? ''),
      message: { language: 'nl', firstName, email: 'sender@example.be', message: 'Ik wil graag vrijwilliger worden.' },
    }),
  });
  expect(sent.status).toBe(201);

  await signInAs(page, 'coordinator');
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Contact forms' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: `Open the message of ${firstName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Message from ${firstName}` })).toBeVisible();
  await expect(page.getByText('Ik wil graag vrijwilliger worden.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', 'mailto:sender@example.be');
  await expectNoAxeViolations(page);
  const messagePath = new URL(page.url()).pathname;

  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('The message has been archived.')).toBeVisible();
  await page.goto('/internal/contact-forms?status=archived');
  await expect(page.getByRole('link', { name: `Open the message of ${firstName}` })).toBeVisible();

  await page.goto(messagePath);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The message has been deleted.')).toBeVisible();
  expect((await page.goto(messagePath))?.status()).toBe(404);
});

test('a content edit shows on the public page at once and can be taken back', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one text of the site, edited by one test at a time');
  await signInAs(page, 'coordinator');
  await page.goto('/internal/content');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Edit Home: About us in Nederlands' }).click();
  const editor = page.getByLabel('Text in Markdown');
  await expect(editor).toHaveValue(/vrijwilligersorganisatie/);
  await editor.fill('Wij zijn er **voor u**, ook op zondag.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview (not saved yet)' })).toBeVisible();
  await expect(page.locator('.content-preview strong')).toHaveText('voor u');
  await expect(editor).toHaveValue('Wij zijn er **voor u**, ook op zondag.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Saved. The site shows the new text now.')).toBeVisible();
  const editorPath = new URL(page.url()).pathname;

  await page.goto('/nl');
  await expect(page.locator('#about-title + .edited-text')).toHaveText('Wij zijn er voor u, ook op zondag.');

  await page.goto(editorPath);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Back to the shipped text' }).click();
  await expect(page.getByText('The site shows the shipped text again.')).toBeVisible();
  await page.goto('/nl');
  await expect(page.locator('main')).not.toContainText('ook op zondag');
  await expect(page.locator('main')).toContainText('vrijwilligersorganisatie');
});

test('two coordinators decide on one report at once: the second is told so in Hebrew and sees it as it is now', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  onlyAt(testInfo, 'mobile', 'Hebrew, right to left, on a phone; the desktop layout is checked by the others');
  // A date well outside the 30-day count, so that this flow never moves the public figure.
  const day = daysAgo(100 + Math.floor(Math.random() * 500));
  const report = await sendReport(baseURL ?? '', { date: day, type: 'online', language: 'en' });
  const path = `/internal/reports/${report?.id}`;

  await signInAs(page, 'coordinator');
  const otherContext = await browser.newContext({ viewport: page.viewportSize() });
  const other = await otherContext.newPage();
  try {
    await signInFirstTime(other, await createStaffAccount('coordinator', 'Batya Coordinator'));
    await otherContext.addCookies([{ name: 'lang', value: 'he', url: baseURL ?? '' }]);

    await page.goto(path);
    await page.getByRole('button', { name: 'Move to: In review' }).click();
    await expect(page.getByText('Current status: In review')).toBeVisible();
    // The second coordinator opens the report now, in review, and starts to verify it…
    await other.goto(path);
    await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    const verify = other.locator('form:has(input[name="to"][value="verified"])');
    await verify.locator('input[name="municipality"]').fill('Gent');
    await verify.locator('select[name="province"]').selectOption('east_flanders');

    // …while the first rejects it as spam.
    const reject = page.locator('form', { has: page.getByRole('button', { name: 'Move to: Rejected' }) });
    await reject.getByLabel('Reason').selectOption('spam');
    await reject.getByRole('button', { name: 'Move to: Rejected' }).click();
    await expect(page.getByText('Current status: Rejected')).toBeVisible();

    await verify.getByRole('button').click();
    await expect(other.getByRole('alert')).toContainText('מישהו אחר שינה את זה באותו הזמן');
    // The page now shows the decision that was taken: no way to verify from it any more.
    await expect(other.locator('form:has(input[name="to"][value="verified"])')).toHaveCount(0);
    await expect(other.locator('form:has(input[name="to"][value="closed"])')).toHaveCount(1);
    await expectNoAxeViolations(other);
    await other.screenshot({ path: `${screenshotDir}/staff-conflict-he-${testInfo.project.name}.png`, fullPage: true });

    const changes = await queryServerDatabase<{ to_status: string }>(
      'select to_status from report_status_change where report_id = $1 order by id',
      [report?.id],
    );
    expect(changes.map((change) => change.to_status)).toEqual(['in_review', 'rejected']);
  } finally {
    await otherContext.close();
  }
});
