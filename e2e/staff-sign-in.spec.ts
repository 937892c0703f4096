import { solveAltcha } from '../apps/server/src/test/submission-helpers.ts';
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import {
  chooseStaffLanguage,
  createStaffAccount,
  freshCode,
  signIn,
  signInAs,
  signInFirstTime,
  submitPassword,
} from './staff.ts';
import { totpCode } from './totp.ts';

const screenshotDir = 'e2e/artifacts/screenshots';

// Each sign-in hashes a password at OWASP strength, several times per test, two tests at a time.
test.describe.configure({ timeout: 90_000 });

/**
 * Rules of signing in and of roles, not of a layout: proven once, at desktop width. The sign-in
 * and enrolment screens and the Hebrew staff area are still checked at both widths (decision 0027).
 */
const RULES_ONLY = new Set([
  'a recovery code signs in once; the sign-in returns to the page that was asked for',
  'five wrong passwords make this browser wait, even with the right password (finding 7)',
  'a session ends after 30 idle minutes',
  'an admin disables an account and its open session is thrown out',
  'a viewer sees neither personal data nor the sections of other roles',
  'an admin adds a member, who chooses a password by the link and sets up two-step sign-in',
]);
test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile' && RULES_ONLY.has(testInfo.title), 'a rule, proven at desktop width');
});

/** A code the server refuses now: none of the three steps it accepts gives it. */
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code)) ?? '444444';
}

test('first sign-in sets up the authenticator; later sign-ins ask for a code that works once', async ({
  page,
}, testInfo) => {
  const account = await createStaffAccount('admin', 'Ada Admin');

  await page.goto('/internal/dashboard');
  await expect(page).toHaveURL(/\/internal\/login\?next=%2Finternal%2Fdashboard$/);
  await expectNoAxeViolations(page);
  await submitPassword(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible();
  // Before the second factor nothing else of the staff area opens.
  await page.goto('/internal/staff');
  await expect(page).toHaveURL(/\/internal\/enrol$/);
  await expect(page.locator('.enrol-qr svg')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/staff-enrol-${testInfo.project.name}.png`, fullPage: true });

  await page.goto('/internal/login');
  await expect(page).toHaveURL(/\/internal\/enrol$/);
  await page.goto('/internal/logout-does-not-exist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

  await page.context().clearCookies();
  const enrolled = await signInFirstTime(page, account);
  expect(enrolled.recoveryCodes).toHaveLength(10);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/staff-dashboard-${testInfo.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await page.goto('/internal/dashboard');
  await expect(page).toHaveURL(/\/internal\/login/);

  // The code used to finish the set-up is still inside its 90 seconds: it must not work again.
  await submitPassword(page, enrolled);
  await page.getByLabel('6-digit code').fill(enrolled.usedCodes[0] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('This code has already been used.');
  await page.getByLabel('6-digit code').fill(wrongCode(enrolled.secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not correct.');
  await page.getByLabel('6-digit code').fill(freshCode(enrolled));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const events = await queryServerDatabase<{ action: string }>(
    `select e.action from audit_event e join staff_user u on u.id = e.actor_id where u.email = $1 order by e.id`,
    [account.email],
  );
  expect(events.map((event) => event.action)).toEqual([
    'sign-in.succeeded',
    'sign-in.succeeded',
    'two-factor.enrolled',
    'sign-out',
    'sign-in.succeeded',
    'two-factor.failed',
    'two-factor.failed',
    'two-factor.succeeded',
  ]);
});

test('a recovery code signs in once; the sign-in returns to the page that was asked for', async ({ page }) => {
  const enrolled = await signInFirstTime(page, await createStaffAccount('coordinator'));
  await page.context().clearCookies();

  await page.goto('/internal/account');
  await submitPassword(page, enrolled);
  await page.getByRole('link', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(enrolled.recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page).toHaveURL(/\/internal\/account$/);

  await page.context().clearCookies();
  await page.goto('/internal/login');
  await submitPassword(page, enrolled);
  await page.getByRole('link', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(enrolled.recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('This recovery code is not correct or has already been used.');
});

test('five wrong passwords make this browser wait, even with the right password (finding 7)', async ({ page }) => {
  const account = await createStaffAccount('viewer');
  await page.goto('/internal/login');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await submitPassword(page, account, `wrong password number ${attempt}`);
    await expect(page.getByRole('alert')).toContainText('The email address or password is not correct.');
    // The email address stays in the form; the password does not.
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
  }
  await submitPassword(page, account, 'wrong password number 5');
  await expect(page.getByRole('alert')).toContainText('Too many attempts. Please wait a few minutes');
  await submitPassword(page, account);
  await expect(page.getByRole('alert')).toContainText('Too many attempts. Please wait a few minutes');
  await expect(page).toHaveURL(/\/internal\/login/);
});

test('a session ends after 30 idle minutes', async ({ page }) => {
  const enrolled = await signInFirstTime(page, await createStaffAccount('viewer'));
  // Move the session's last activity 31 minutes back instead of waiting.
  await queryServerDatabase(
    `update staff_session set last_active_at = now() - interval '31 minutes'
      where user_id = (select id from staff_user where email = $1)`,
    [enrolled.email],
  );
  await page.getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\/internal\/login\?next=%2Finternal%2Fstats&reason=idle$/);
  await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
  await signIn(page, enrolled, page.url());
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
});

test('an admin disables an account and its open session is thrown out', async ({ browser, page }) => {
  const admin = await signInFirstTime(page, await createStaffAccount('admin', 'Dora Admin'));
  const coordinatorContext = await browser.newContext();
  const coordinatorPage = await coordinatorContext.newPage();
  const coordinator = await signInFirstTime(
    coordinatorPage,
    await createStaffAccount('coordinator', 'Cleo Coordinator'),
  );

  await page.getByRole('link', { name: 'Staff' }).click();
  await page
    .getByRole('link', { name: `Manage \u2068${coordinator.name}\u2069` })
    .first()
    .click();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText('The account has been disabled and its sessions have ended.')).toBeVisible();

  await coordinatorPage.getByRole('link', { name: 'Dashboard' }).click();
  await expect(coordinatorPage).toHaveURL(/\/internal\/login/);
  await submitPassword(coordinatorPage, coordinator);
  await expect(coordinatorPage.getByRole('alert')).toContainText('This account has been disabled.');
  await coordinatorContext.close();
  expect(admin.role).toBe('admin');
});

test('a viewer sees neither personal data nor the sections of other roles', async ({ page, baseURL }) => {
  const sent = await fetch(`${baseURL}/api/contact-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      altcha: await solveAltcha(baseURL ?? ''),
      message: {
        language: 'en',
        firstName: 'Private',
        lastName: 'Person',
        email: 'private@example.org',
        message: 'Hi',
      },
    }),
  });
  expect(sent.status).toBe(201);
  await signInAs(page, 'viewer');
  const navigation = page.getByRole('navigation', { name: 'Staff area' });
  await expect(navigation.getByRole('link')).toHaveText(['Dashboard', 'Stats']);
  await page.goto('/internal/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  await page.goto('/internal/reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  // Nor through the data behind the pages, or an export.
  for (const path of ['/internal/reports.data', '/internal/contact-forms.data', '/api/internal/exports/reports.csv']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  expect((await page.request.get('/api/internal/exports/stats.csv')).status()).toBe(200);
  await page.goto('/internal/dashboard');
  const senders = page.locator('section[aria-labelledby="latest-messages"] tbody td:nth-child(3)');
  await expect(senders.first()).toHaveText('Not shown for your role');
  for (const cell of await senders.all()) await expect(cell).toHaveText('Not shown for your role');
  await expect(page.locator('main')).not.toContainText('Private Person');
});

test('the staff area in Hebrew reads right to left, and its pages pass axe', async ({ page }, testInfo) => {
  await signInAs(page, 'admin');
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'Two-step sign-in set up' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await chooseStaffLanguage(page, 'he');
  await expect(page.getByRole('heading', { level: 1, name: 'יומן ביקורת' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${screenshotDir}/staff-audit-he-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: 'לוח בקרה' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'לוח בקרה' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/staff-dashboard-he-${testInfo.project.name}.png`, fullPage: true });
  // The choice is the language cookie: it also holds after signing out.
  await page.getByRole('button', { name: 'התנתקות' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page);
});

test('an admin adds a member, who chooses a password by the link and sets up two-step sign-in', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  const stamp = Date.now().toString(36);
  const email = `new-member-${stamp}@example.org`;
  const name = `Mira ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email address').fill('not an email');
  await page.getByRole('radio', { name: /Coordinator/ }).check();
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a valid email address');
  // What was typed is still there.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('radio', { name: /Coordinator/ })).toBeChecked();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByText(`${name} has been added.`)).toBeVisible();
  const link = (await page.getByTestId('set-password-link').textContent()) ?? '';
  expect(link).toMatch(/\/internal\/set-password\?token=/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Password not chosen yet');

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await member.getByLabel('New password', { exact: true }).fill('short');
  await member.getByLabel('New password again').fill('short');
  await member.getByRole('button', { name: 'Save password' }).click();
  await expect(member.getByRole('alert')).toContainText('Choose a password of at least 12 characters.');
  const password = 'mira chooses a long passphrase';
  await member.getByLabel('New password', { exact: true }).fill(password);
  await member.getByLabel('New password again').fill(password);
  await member.getByRole('button', { name: 'Save password' }).click();
  await expect(member.getByText('Your password is set. You can now sign in.')).toBeVisible();

  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  const enrolled = await signInFirstTime(member, { email, name, password, role: 'coordinator' });
  await expect(member.getByRole('navigation', { name: 'Staff area' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Reports',
    'Contact forms',
    'Content',
    'Stats',
  ]);
  await memberContext.close();
  expect(enrolled.recoveryCodes).toHaveLength(10);

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Set up');
});
