import { randomUUID } from 'node:crypto';
import { todayInBelgium } from '@app/core/site/dates';
import en from '../packages/locales/en/internal.json' with { type: 'json' };
import he from '../packages/locales/he/internal.json' with { type: 'json' };
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';
import { signInAs, useStaffLanguage } from './staff.ts';
import { sendWebReport } from './web-report.ts';

const screenshotDir = 'e2e/artifacts/screenshots';
const STAFF = { en, he };
type Language = keyof typeof STAFF;

/**
 * The test's own day in the statistics: its referral is moved back to it (as if sent then, and
 * never answered), so that the referrals counted on that day are this test's alone, one day per
 * language. No other browser test uses a day of 2018.
 */
const DAY: Record<Language, string> = { en: '2018-03-13', he: '2018-03-14' };

/**
 * A report as the web form sends it, whose reporter answered "ask me first" to "may we pass your
 * report on?" (anonymous: the pack has no identity to hold); its id, found by its receipt.
 */
async function reportAskingFirst(baseURL: string, language: Language, day: string): Promise<string> {
  const { reportId } = await sendWebReport(baseURL, { language, date: day, sharingConsent: 'ask-first' });
  return reportId;
}

// Issue 26, "Done when" (decision 0050): an admin adds a police zone; a coordinator refers a report
// whose reporter said "ask me first": refused until the agreement is recorded, then sent with an
// evidence pack; the referral comes due on the dashboard while unanswered; the partner's PV number,
// its status and the outcome are recorded; the statistics count it. The issue asks for 375 and
// 1280 px in English and Hebrew: each language runs once (decision 0027), English at 1280 px and
// Hebrew (right to left) at 375 px, so together the two runs cover both widths and both directions.
for (const language of ['en', 'he'] as const) {
  test(`a coordinator refers an "ask me first" report to a police zone, and follows it up (${language})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const origin = baseURL ?? '';
    const t = STAFF[language];
    const marker = randomUUID().slice(0, 8);
    const partnerName = `Politiezone Gent ${marker}`;
    const reference = `GE.12.L3.${marker}`;
    // 2. The report arrives (sent while the admin signs in).
    const report = reportAskingFirst(origin, language, DAY[language]);

    // 1. The admin adds the partner, a police zone.
    await signInAs(page, 'admin');
    await useStaffLanguage(page, origin, language);
    await page.goto('/internal/partners');
    const add = page.getByRole('region', { name: t.referrals.add });
    await add.getByLabel(t.referrals.name).fill(partnerName);
    await add.getByLabel(t.referrals.kind).selectOption('police-zone');
    await add.getByLabel(t.referrals.contact).fill('Antonius Triestlaan 12, 9000 Gent');
    await add.getByRole('button', { name: t.referrals.addSubmit }).click();
    const listed = page.getByTestId('partner').filter({ hasText: partnerName });
    await expect(listed).toContainText(t.referrals.kinds['police-zone']);
    await expect(listed).toContainText(t.referrals.referralCount.replace('{{count}}', '0'));
    // Its buttons name it: among many partners, "Disable" alone says nothing to a screen reader.
    const disable = listed.getByRole('button', { name: t.referrals.disable, exact: false });
    await expect(disable).toHaveAccessibleName(new RegExp(`${marker}`));
    await expectNoAxeViolations(page);

    // 3. The worker's coordinator, in a session of its own, opens the report and makes a pack
    // without the reporter's identity (the pack's own tick: they were asked).
    const reportId = await report;
    await page.context().clearCookies();
    await signInAs(page, 'coordinator');
    await useStaffLanguage(page, origin, language);
    await page.goto(`/internal/reports/${reportId}`);
    const panel = page.getByTestId('referral-panel');
    await expect(panel).toContainText(t.referrals.panel.noPacks);
    const packForm = page.getByTestId('evidence-pack-form');
    await packForm.getByLabel(t.casework.evidencePack.askedReporter).check();
    const download = page.waitForEvent('download');
    await packForm.getByRole('button', { name: t.casework.evidencePack.downloadZip }).click();
    await download;

    // The referral, without the day and the way the reporter agreed: refused, and the panel says why.
    await page.reload();
    const referForm = panel.getByTestId('referral-form');
    const partnerField = referForm.getByLabel(t.referrals.panel.partner);
    const partnerId = await partnerField.locator('option', { hasText: partnerName }).getAttribute('value');
    await partnerField.selectOption(partnerId ?? '');
    await expect(referForm.getByLabel(t.referrals.panel.pack)).toContainText(t.referrals.panel.withoutIdentity);
    await referForm.getByRole('button', { name: t.referrals.panel.submit, exact: true }).click();
    await expect(panel.getByRole('alert')).toContainText(t.referrals.panel.askFirstRefused);
    // The day and the way are marked as what to fill in, and the focus is on the day.
    const agreedOn = referForm.getByLabel(t.referrals.panel.agreedOn);
    await expect(agreedOn).toHaveAttribute('aria-invalid', 'true');
    await expect(agreedOn).toHaveAccessibleDescription(t.referrals.panel.askFirstRefused);
    await expect(agreedOn).toBeFocused();
    await expect(panel.getByTestId('referral')).toHaveCount(0);

    // Recorded (today, by phone): sent.
    await referForm.getByLabel(t.referrals.panel.partner).selectOption(partnerId ?? '');
    await referForm.getByLabel(t.referrals.panel.agreedOn).fill(todayInBelgium());
    await referForm.getByLabel(t.referrals.panel.agreedVia).selectOption('phone');
    await referForm.getByRole('button', { name: t.referrals.panel.submit, exact: true }).click();
    const item = panel.getByTestId('referral').filter({ hasText: partnerName });
    await expect(item.getByTestId('referral-state')).toContainText(t.referrals.statuses.sent);
    await expect(item).toContainText(t.referrals.panel.withoutIdentity);
    await expect(item).toContainText(t.referrals.channels.phone);

    // 5. A reminder comes due: still "sent", the referral is moved back to the test's own day,
    // far past the working days allowed, and shows on the dashboard (the report is nobody's).
    const [referral] = await queryServerDatabase<{ id: string }>(
      `update referral set sent_at = $2::timestamptz, updated_at = $2::timestamptz
        where report_id = $1 and status = 'sent' returning id`,
      [reportId, `${DAY[language]}T10:00:00Z`],
    );
    expect(referral?.id).toBeTruthy();
    await page.goto('/internal/dashboard');
    const due = page.getByRole('region', { name: t.referrals.due.title });
    const dueItem = due.getByRole('listitem').filter({ hasText: partnerName });
    await expect(dueItem).toBeVisible();
    await dueItem.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/internal/reports/${reportId}#referrals-title$`));
    await expect(item.getByTestId('referral-state')).toContainText(t.referrals.panel.overdue);
    await expectNoAxeViolations(page);
    await panel.screenshot({ path: `${screenshotDir}/referral-${language}-${testInfo.project.name}.png` });

    // 4. The partner answers: its PV number, "in progress"; then the outcome, a complaint filed.
    await item.getByLabel(t.referrals.panel.status).selectOption('in-progress');
    await item.getByLabel(t.referrals.panel.reference, { exact: false }).fill(reference);
    await item.getByRole('button', { name: t.referrals.panel.update }).click();
    await expect(item.getByTestId('referral-state')).toContainText(t.referrals.statuses['in-progress']);
    await expect(item.getByTestId('referral-state')).toContainText(
      t.referrals.panel.firstAnswer.replace(/\s*\{\{date\}\}.*/, ''),
    );
    await item.getByLabel(t.referrals.panel.outcome).selectOption('complaint-filed');
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes(`/internal/reports/${reportId}`),
    );
    await item.getByRole('button', { name: t.referrals.panel.update }).click();
    expect((await saved).status()).toBe(200);
    await expect(item.getByLabel(t.referrals.panel.outcome)).toHaveValue('complaint-filed');
    await expect(item.getByLabel(t.referrals.panel.reference, { exact: false })).toHaveValue(reference);
    // The reference is sealed at rest.
    const stored = await queryServerDatabase<{ reference: string; outcome: string }>(
      'select reference, outcome from referral where id = $1',
      [referral?.id],
    );
    expect(stored).toEqual([{ reference: expect.not.stringContaining(marker), outcome: 'complaint-filed' }]);

    // Answered, it leaves the dashboard.
    await page.goto('/internal/dashboard');
    await expect(page.getByRole('region', { name: t.referrals.due.title })).toBeVisible();
    await expect(dueItem).toHaveCount(0);

    // 6. The statistics of the test's own day: this partner, its status and its outcome.
    await page.goto(`/internal/stats?from=${DAY[language]}&to=${DAY[language]}`);
    const stats = page.getByTestId('referral-stats');
    await expect(stats).toContainText(t.referrals.stats.total.replace('{{count}}', '1'));
    const row = (table: string, label: string) =>
      stats.getByRole('table', { name: table }).getByRole('row').filter({ hasText: label });
    await expect(row(t.referrals.stats.byPartner, partnerName)).toContainText('1');
    await expect(row(t.referrals.stats.byStatus, t.referrals.statuses['in-progress'])).toContainText('1');
    await expect(row(t.referrals.stats.byOutcome, t.referrals.outcomes['complaint-filed'])).toContainText('1');
  });
}
