import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';
import { createStaffAccount, signInFirstTime } from './staff.ts';

/*
 * Passkeys for staff (decision 0032) with Chromium's own virtual authenticator (CDP WebAuthn): a
 * platform authenticator that holds resident keys and verifies its user, as a laptop's fingerprint
 * reader does. Each language at each width (the projects 'desktop' and 'mobile').
 */

const screenshotDir = 'e2e/artifacts/screenshots';

type Messages = Record<string, unknown>;
const messages = (language: string): Messages =>
  JSON.parse(fs.readFileSync(`packages/locales/${language}/internal.json`, 'utf8'));

/** A staff-area sentence in this language, as the page shows it. */
function text(all: Messages, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], all);
  if (typeof found !== 'string') throw new Error(`no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

for (const language of ['en', 'he'] as const) {
  test(`a member adds a passkey, signs in with it alone and removes it (${language})`, async ({
    page,
    baseURL,
  }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const t = messages(language);
    const width = testInfo.project.name === 'mobile' ? 375 : 1280;
    const shoot = async (name: string) => {
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: `${screenshotDir}/passkeys-${name}-${language}-${width}.png`, fullPage: true });
      }
    };
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const account = await createStaffAccount('viewer', `Passkey ${language}`);
    await signInFirstTime(page, account);
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);

    // Add a passkey, named by the member.
    await page.goto('/internal/account');
    const panel = page.getByRole('region', { name: text(t, 'passkeys.title') });
    await expect(panel.getByText(text(t, 'passkeys.none'))).toBeVisible();
    const passkeyName = `Laptop ${randomUUID().slice(0, 6)}`;
    await panel.getByLabel(text(t, 'passkeys.name')).fill(passkeyName);
    await panel.getByRole('button', { name: text(t, 'passkeys.add') }).click();
    await expect(panel.getByRole('status')).toContainText(text(t, 'passkeys.added'));
    const list = panel.getByRole('list', { name: text(t, 'passkeys.listLabel') });
    await expect(list.getByText(passkeyName, { exact: true })).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'he' ? 'rtl' : 'ltr');
    await expectNoAxeViolations(page);
    await shoot('account');

    // Sign out, then sign in with the passkey alone: no password, no code.
    await page.getByRole('button', { name: text(t, 'internal.signOut') }).click();
    await expect(page.getByRole('button', { name: text(t, 'signIn.passkey') })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot('sign-in');
    await page.getByRole('button', { name: text(t, 'signIn.passkey') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(t, 'dashboard.title') })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/internal\/dashboard$/);
    const [{ signCount = 0 } = {}] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(signCount).toBeGreaterThan(0);

    // The account page shows it was used; removing it is one button, named after it.
    await page.goto('/internal/account');
    await expect(list.getByText(passkeyName, { exact: true })).toBeVisible();
    await expect(list).not.toContainText(text(t, 'passkeys.neverUsed'));
    await list
      .getByRole('button', { name: text(t, 'passkeys.remove', { name: `\u2068${passkeyName}\u2069` }) })
      .click();
    await expect(panel.getByRole('status')).toContainText(text(t, 'passkeys.removed'));
    await expect(panel.getByText(text(t, 'passkeys.none'))).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot('removed');

    // The removed passkey no longer signs anyone in.
    await page.getByRole('button', { name: text(t, 'internal.signOut') }).click();
    await page.getByRole('button', { name: text(t, 'signIn.passkey') }).click();
    await expect(page.getByRole('alert')).toContainText(text(t, 'signIn.errors.passkeyFailed'));
    await expect(page).toHaveURL(/\/internal\/login/);
  });
}
