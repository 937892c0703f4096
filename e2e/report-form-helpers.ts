import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { MESSAGES } from './messages.ts';

export const PHOTO = path.resolve(import.meta.dirname, 'fixtures/photo-with-gps.jpg');
/** The e2e server runs with the default organisation name. */
export const ORGANISATION = 'Community Safety Flanders';

export const termsCheckbox = (page: Page, m: (typeof MESSAGES)['en']) =>
  page.getByRole('checkbox', { name: m.reportForm.terms.replace(/<\/?\w+>/g, '') });

export async function openForm(page: Page, prefix: string) {
  await page.goto(`${prefix}/incident-report`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('form.report-form')).toBeVisible();
}

export async function fillIncident(page: Page, m: (typeof MESSAGES)['en'], withPhoto = false, date = '2026-11-01') {
  await page.getByLabel(m.reportForm.date).fill(date);
  await page.getByLabel(m.reportForm.time, { exact: false }).fill('08:15');
  await page.getByLabel(m.reportForm.location).fill('Tramhalte Plantin, Antwerpen');
  await page.getByRole('radio', { name: new RegExp(m.incidentTypes.verbal.label) }).check();
  await page
    .getByLabel(m.reportForm.description)
    .fill('A man shouted antisemitic insults at my son on his way to school.');
  if (withPhoto) await page.getByLabel(m.reportForm.attachments, { exact: false }).setInputFiles(PHOTO);
}

export async function fillAdditional(page: Page, m: (typeof MESSAGES)['en']) {
  const question = (text: string) => page.getByRole('group', { name: text });
  await question(m.reportForm.calledPolice).getByLabel(m.forms.yes).check();
  await page.getByLabel(m.reportForm.policeReportNumber, { exact: false }).fill('AN.55.L1.123456/26');
  await question(m.reportForm.calledOrganisation.replace('{{organisation}}', ORGANISATION))
    .getByLabel(m.forms.no)
    .check();
  await question(m.reportForm.medicalTreatment).getByLabel(m.forms.no).check();
  await question(m.reportForm.sharingConsent)
    .getByRole('radio', { name: new RegExp(m.reportForm.sharingConsents['ask-first'].label) })
    .check();
  await termsCheckbox(page, m).check();
}
