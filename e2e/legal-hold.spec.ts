import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { signInAs } from './staff.ts';

const screenshotDir = 'e2e/artifacts/screenshots';

// A first sign-in hashes the password twice and sets up two-step sign-in: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a coordinator sets a legal hold with its reason, finds it on the dashboard, reviews and lifts it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the hold does not depend on the width; one project is enough');
  const { id: reportId } = await sendReport(baseURL ?? '', { date: '2026-01-12', type: 'provocation', language: 'fr' });
  const reason = `Procedure at the court of Antwerp ${Date.now()}`;

  await signInAs(page, 'coordinator');
  await page.goto(`/internal/reports/${reportId}`);
  const panel = page.getByRole('region', { name: 'Retention and legal hold' });
  await expect(panel).toContainText('No erasure is planned');
  await panel.getByRole('button', { name: 'Set a legal hold' }).click();
  await expect(page.getByRole('alert')).toContainText('Give the reason for the legal hold.');
  await panel.getByLabel('Reason for the hold').fill(reason);
  await panel.getByRole('button', { name: 'Set a legal hold' }).click();
  await expect(panel).toContainText('Under a legal hold since');
  await expect(panel).toContainText(reason);
  await expect(panel).toContainText('Next review due on');
  await expectNoAxeViolations(page);
  // Sealed at rest.
  const stored = await queryServerDatabase<{ reason: string }>('select reason from legal_hold where report_id = $1', [
    reportId,
  ]);
  expect(stored[0]?.reason).not.toContain('Antwerp');

  await page.goto('/internal/dashboard');
  const holds = page.getByRole('region', { name: 'Legal holds' });
  const row = holds
    .getByRole('row')
    .filter({ has: page.locator(`a[href$="/internal/reports/${reportId}#retention-title"]`) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Retention' })).not.toContainText(reason);
  await expectNoAxeViolations(page);
  if (process.env.E2E_SCREENSHOTS) {
    for (const language of ['en', 'he', 'yi']) {
      await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
      for (const [name, path, anchor] of [
        ['report', `/internal/reports/${reportId}`, '#retention-title'],
        ['dashboard', '/internal/dashboard', '#retention-dashboard'],
      ] as const) {
        await page.goto(path);
        await page.locator(anchor).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshotDir}/legal-hold-${name}-${language}.png` });
      }
    }
    await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL ?? '' }]);
  }

  await page.goto(`/internal/reports/${reportId}`);
  await panel.getByRole('button', { name: 'Reviewed: keep the hold' }).click();
  await expect(panel).toContainText('Last reviewed on');
  await panel.getByRole('button', { name: 'Lift the hold' }).click();
  await expect(panel.getByRole('button', { name: 'Set a legal hold' })).toBeVisible();
  const audit = await queryServerDatabase<{ action: string }>(
    "select action from audit_event where subject_id = $1 and action like 'report.legal-hold-%' order by id",
    [reportId],
  );
  expect(audit.map((event) => event.action)).toEqual([
    'report.legal-hold-set',
    'report.legal-hold-reviewed',
    'report.legal-hold-lifted',
  ]);
});
