import { todayInBelgium } from '@app/core/site/dates';
import { SEEDED } from '../apps/server/src/test/submission-helpers.ts';
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';

/** A Brussels calendar day some days ago, as YYYY-MM-DD: the report's own, so the test finds it. */
function daysAgo(days: number): string {
  const date = new Date(`${todayInBelgium()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

// A first sign-in hashes the password twice and sets up two-step sign-in: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a coordinator sets a reminder dated today on a report and finds it due on the dashboard', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'the reminder flow does not depend on the width; one project is enough',
  );
  // Screenshots for people to look at (E2E_SCREENSHOTS=1): twelve more pages.
  if (process.env.E2E_SCREENSHOTS) test.setTimeout(400_000);
  const day = daysAgo(43);
  const report = await sendReport(baseURL ?? '', { date: day, type: 'provocation', language: 'nl' });
  const note = `Call back the witness on Tuesday ${Date.now()}`;

  const coordinator = await signInAs(page, 'coordinator');
  await page.goto(`/internal/reports/${report?.id}`);
  const panel = page.getByRole('region', { name: 'Reminders' });
  await expect(panel.getByText('No reminders on this report.')).toBeVisible();
  // The day is today (Belgium) unless changed; a day before it is refused by the browser and the server.
  await expect(panel.getByLabel('Day')).toHaveValue(todayInBelgium());
  await expect(panel.getByLabel('Day')).toHaveAttribute('min', todayInBelgium());
  await panel.getByRole('button', { name: 'Add the reminder' }).click();
  await expect(panel.getByRole('alert')).toContainText('Write a short note: what is to be done?');
  await panel.getByLabel('Note').fill(note);
  await panel.getByRole('button', { name: 'Add the reminder' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: note })).toContainText('Due');
  await expect(panel.getByRole('listitem').filter({ hasText: note })).toContainText(`Set by ${coordinator.name}`);
  await expectNoAxeViolations(page);
  // Sealed at rest: the note is nowhere in the table.
  const stored = await queryServerDatabase<{ note: string }>('select note from report_reminder where report_id = $1', [
    report?.id,
  ]);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.note).not.toContain('witness');

  // The report is assigned to nobody: every coordinator sees its reminder on the dashboard.
  await page.goto('/internal/dashboard');
  const due = page.getByRole('region', { name: 'Reminders due' });
  const item = due.getByRole('listitem').filter({ hasText: note });
  await expect(item).toBeVisible();
  await expect(due).not.toContainText(SEEDED.lastName);
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) await screenshots(page, report?.id ?? '', baseURL ?? '');

  // Its link leads to the report's reminders; marked done, it leaves the dashboard.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/internal/reports/${report?.id}#reminders-title$`));
  await panel.getByRole('listitem').filter({ hasText: note }).getByRole('button', { name: 'Mark done' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: note })).toContainText(
    `Marked done by ${coordinator.name}`,
  );
  await page.goto('/internal/dashboard');
  await expect(page.getByRole('region', { name: 'Reminders due' }).getByText(note)).toHaveCount(0);
});

/** The report's reminder panel, the dashboard and the digest setting, in English and Hebrew, at 1280 and 375 px. */
async function screenshots(page: import('@playwright/test').Page, reportId: string, baseURL: string) {
  for (const language of ['en', 'he']) {
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL }]);
    for (const [name, path, anchor] of [
      ['report', `/internal/reports/${reportId}`, '#reminders-title'],
      ['dashboard', '/internal/dashboard', '#due-reminders'],
      ['account', '/internal/account', '#daily-digest'],
    ] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await page.locator(anchor).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshotDir}/reminders-${name}-${language}-${width}.png` });
      }
    }
  }
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/internal/dashboard');
}
