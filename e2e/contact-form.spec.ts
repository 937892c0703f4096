import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, oneWidthPerLanguage, test } from './fixtures.ts';
import { MESSAGES } from './messages.ts';

async function openForm(page: Page, prefix: string) {
  await page.goto(`${prefix}/contact`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('form.contact-form')).toBeVisible();
}

for (const language of ['en', 'he'] as const) {
  test(`the contact form in ${language}: validation, then sent`, async ({ page }, testInfo) => {
    oneWidthPerLanguage(testInfo, language);
    const m = MESSAGES[language];
    await openForm(page, language === 'en' ? '' : `/${language}`);
    await page.getByRole('button', { name: m.contactForm.submit }).click();
    const summary = page.getByRole('alert').filter({ hasText: m.forms.missingFields });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(m.contactForm.firstName);
    await expect(summary).toContainText(m.contactForm.email);
    await expect(summary).toContainText(m.contactForm.message);
    await expectNoAxeViolations(page);

    await page.getByLabel(m.contactForm.firstName).fill(language === 'he' ? 'דניאל' : 'Daniel');
    await page.getByLabel(m.contactForm.email).fill('daniel@');
    await page.getByLabel(m.contactForm.phone, { exact: false }).fill('123');
    await page
      .getByLabel(m.contactForm.message)
      .fill(language === 'he' ? 'שלום, אני רוצה להתנדב.' : 'Hello, I would like to volunteer.');
    await page.getByRole('button', { name: m.contactForm.submit }).click();
    await expect(page.getByText(m.validation.invalidEmail).first()).toBeVisible();
    await expect(page.getByText(m.validation.invalidPhone).first()).toBeVisible();

    await page.getByLabel(m.contactForm.email).fill('daniel@example.org');
    await page.getByLabel(m.contactForm.phone, { exact: false }).fill('+32 3 123 45 67');
    await page.getByRole('button', { name: m.contactForm.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: m.contactForm.success })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page);
  });
}
