import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type Cookie, expect, type Page, test } from '@playwright/test';
import { totpCode } from './totp.ts';

const run = promisify(execFile);

export type StaffAccount = { email: string; name: string; password: string; role: 'admin' | 'coordinator' | 'viewer' };
export type EnrolledStaff = StaffAccount & { secret: string; recoveryCodes: string[]; usedCodes: string[] };

/** A staff account made with the real command line, against the test server's running database. */
export async function createStaffAccount(role: StaffAccount['role'], name = `Test ${role}`): Promise<StaffAccount> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.org`;
  const password = `e2e password ${randomUUID()}`;
  // The password goes in through standard input, never the command line (security review finding 11).
  const created = run(
    process.execPath,
    ['apps/server/src/cli/staff.ts', 'create', '--email', email, '--name', name, '--role', role, '--password-stdin'],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' } },
  );
  created.child.stdin?.end(`${password}\n`);
  await created;
  return { email, name, password, role };
}

export async function submitPassword(page: Page, account: StaffAccount, password = account.password) {
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/internal/login'),
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await answered;
}

/** First sign-in: password, then the authenticator set-up with the secret shown as text. */
export async function signInFirstTime(page: Page, account: StaffAccount): Promise<EnrolledStaff> {
  await page.goto('/internal/login');
  await submitPassword(page, account);
  // Generous: a sign-in hashes the password twice (scrypt at OWASP strength) on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible({
    timeout: 15_000,
  });
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  const usedCode = totpCode(secret);
  await page.getByLabel('6-digit code').fill(usedCode);
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in is set up' })).toBeVisible();
  const recoveryCodes = await page.locator('.recovery-codes code').allTextContents();
  await page.getByLabel('I have stored my recovery codes').check();
  await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { ...account, secret, recoveryCodes, usedCodes: [usedCode] };
}

/** A later sign-in: password, then a fresh code (the next one, so it was never used before). */
export async function signIn(page: Page, account: EnrolledStaff, path = '/internal/login') {
  await page.goto(path);
  await submitPassword(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('6-digit code').fill(freshCode(account));
  await page.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * A code never used before that the server accepts: the current step's, else the next or the
 * previous one (the server allows one step either side for clock drift).
 */
export function freshCode(account: EnrolledStaff): string {
  for (const offset of [0, 30_000, -30_000]) {
    const code = totpCode(account.secret, Date.now() + offset);
    if (!account.usedCodes.includes(code)) {
      account.usedCodes.push(code);
      return code;
    }
  }
  throw new Error('every code valid now has been used');
}

/** This worker's members, one per role, each with the cookies of its open session. */
const workerMembers = new Map<StaffAccount['role'], { account: EnrolledStaff; cookies: Cookie[] }>();

/**
 * A member of this role, signed in (decision 0027): the first test of a worker that asks creates
 * the account with the command line and sets up its two-step sign-in in the page, as
 * `signInFirstTime` does; later tests of the same worker get that session's cookies in their own
 * browser context, and the page opens the dashboard. For a flow that needs a member, not one that
 * tests the sign-in itself, a new member or a name no other test shows. Only the session cookies
 * are kept: the staff area's language stays the choice of each test's own context.
 */
export async function signInAs(page: Page, role: StaffAccount['role']): Promise<EnrolledStaff> {
  const known = workerMembers.get(role);
  if (known) {
    await page.context().addCookies(known.cookies);
    await page.goto('/internal/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    return known.account;
  }
  const name = `Worker ${test.info().workerIndex} ${role}`;
  const account = await signInFirstTime(page, await createStaffAccount(role, name));
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('staff.'));
  expect(cookies.length, 'the session cookies of a signed-in member').toBeGreaterThan(0);
  workerMembers.set(role, { account, cookies });
  return account;
}

/** The staff area in a language: the language cookie of the page's own context. */
export async function useStaffLanguage(page: Page, baseURL: string, language: string) {
  await page.context().addCookies([{ name: 'lang', value: language, url: baseURL }]);
}

/** The staff area in `language`, chosen by its language form as a member chooses it. */
export async function chooseStaffLanguage(page: Page, language: 'en' | 'fr' | 'nl' | 'he' | 'yi') {
  await page.getByLabel('Language').first().selectOption(language);
  await page.getByRole('button', { name: 'Change language' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' || language === 'yi' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}
