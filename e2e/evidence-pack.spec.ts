import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { loadSiteEncryption } from '../apps/server/src/crypto/encryption.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { SEEDED } from '../apps/server/src/test/submission-helpers.ts';
import { queryServerDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { sendReport } from './sent-reports.ts';
import { signInAs } from './staff.ts';

const YIDDISH = 'אַ ייִדישער טעקסט מיט נקודות: מע האָט געשריגן אויף מײַן זון בײַם טראַמוויי (8:15).';
const screenshotDir = 'e2e/artifacts/screenshots';
const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/photo-with-gps.jpg'));

/**
 * The reporter's answer to "may we pass your report on?", sealed with the running site's key as
 * the form stores it (the site's key file is in its data folder).
 */
async function setConsent(reportId: string, consent: 'yes' | 'no' | 'ask-first') {
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const { encryption } = loadSiteEncryption(
    { encryptionKey: undefined, dataDir, keyringFile: path.join(dataDir, 'keyring.json') },
    createLogger('silent'),
  );
  await queryServerDatabase('update report set sharing_consent = $2 where id = $1', [
    reportId,
    encryption.sealText(consent),
  ]);
}

/** A past day for the report (any: the test finds its report by its receipt). */
function randomPastDay(): string {
  const date = new Date(Date.now() - (20 + Math.floor(Math.random() * 2_000)) * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

async function newReport(baseURL: string, consent: 'yes' | 'no' | 'ask-first'): Promise<string> {
  const day = randomPastDay();
  const files = [{ name: 'photo.jpg', data: PHOTO, type: 'image/jpeg' }];
  const { id } = await sendReport(baseURL, { language: 'yi', description: YIDDISH, date: day }, files);
  await setConsent(id, consent);
  return id;
}

/** Opens the print-ready page in its new tab, as the button does. */
async function openPackPage(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Open the page to print' }).click();
  const pack = await opened;
  await pack.waitForLoadState();
  return pack;
}

test.describe.configure({ timeout: 120_000 });

test('a coordinator makes evidence packs only as the reporter answered, with their identity only with consent', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a staff page whose width does not change the pack');
  const origin = baseURL ?? '';
  const consenting = await newReport(origin, 'yes');
  const refusing = await newReport(origin, 'no');
  const asking = await newReport(origin, 'ask-first');
  await signInAs(page, 'coordinator');

  // With consent: the identity can be asked for, and then the pack holds it.
  await page.goto(`/internal/reports/${consenting}`);
  const form = page.getByTestId('evidence-pack-form');
  await expect(page.getByTestId('evidence-pack-consent')).toHaveText(
    'The reporter agreed that the report may be passed to the police or to Unia.',
  );
  await expectNoAxeViolations(page);
  await form.getByLabel('English').check();
  await form.getByLabel('All messages').check();
  await form.getByLabel("Include the reporter's name and contact details in the pack").check();
  const withIdentity = await openPackPage(page);
  await expect(withIdentity.getByRole('heading', { level: 1, name: 'Evidence pack' })).toBeVisible();
  await expect(withIdentity.locator('[data-identity="included"]')).toContainText(SEEDED.lastName);
  await expect(withIdentity.locator('[data-identity="included"]')).toContainText(SEEDED.email);
  // The reporter's Yiddish words, as written, right to left.
  const words = withIdentity.locator('.words[lang="yi"]').filter({ hasText: 'ייִדישער' });
  await expect(words).toHaveText(YIDDISH);
  expect(await words.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await words.screenshot({ path: `${screenshotDir}/evidence-pack-yiddish-words.png` });
  await withIdentity.screenshot({ path: `${screenshotDir}/evidence-pack-with-identity.png`, fullPage: true });
  await withIdentity.close();

  // The zip of the same choice: a valid archive whose manifest says the identity is in.
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Download the pack (zip)' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^evidence-pack-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pack-'));
  try {
    const file = path.join(folder, 'pack.zip');
    await zip.saveAs(file);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const manifest = JSON.parse(execFileSync('unzip', ['-p', file, 'manifest.json'], { encoding: 'utf8' }));
    expect(manifest).toMatchObject({ reportId: consenting, identityIncluded: true, language: 'en' });
    expect(execFileSync('unzip', ['-p', file, 'evidence-pack.html'], { encoding: 'utf8' })).toContain(SEEDED.lastName);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }

  // "No" (decision 0048): no form at all, and the page says why.
  await page.goto(`/internal/reports/${refusing}`);
  await expect(page.getByTestId('evidence-pack-refused')).toContainText('The reporter answered no');
  await expect(page.getByTestId('evidence-pack-form')).toHaveCount(0);

  // "Ask me first": the form asks the coordinator to record that the reporter agreed; without the
  // identity ticked, the pack says it is withheld.
  await page.goto(`/internal/reports/${asking}`);
  const askForm = page.getByTestId('evidence-pack-form');
  await expect(page.getByTestId('evidence-pack-consent')).toContainText('asked to be consulted first');
  await askForm.getByLabel('Nederlands').check();
  await askForm.getByLabel('I asked the reporter, and they agreed that this pack is passed on').check();
  const withheld = await openPackPage(page);
  await expect(withheld.locator('[data-identity="withheld"]')).toHaveText(
    'De identiteit van de melder wordt niet meegedeeld. Dit dossier bevat niets waaraan de melder te herkennen is.',
  );
  for (const value of [SEEDED.firstName, SEEDED.lastName, SEEDED.email, SEEDED.phone]) {
    await expect(withheld.locator('body')).not.toContainText(value);
  }
  await withheld.close();

  // The packs are in the audit log, with whether the identity went in; the refused report has none.
  const audited = await queryServerDatabase<{ subject_id: string; included: boolean }>(
    `select subject_id, (details->>'identityIncluded')::boolean as included from audit_event
      where action = 'report.evidence-pack-produced' and subject_id in ($1, $2, $3) order by id`,
    [consenting, refusing, asking],
  );
  expect(audited).toEqual([
    { subject_id: consenting, included: true },
    { subject_id: consenting, included: true },
    { subject_id: asking, included: false },
  ]);
});
