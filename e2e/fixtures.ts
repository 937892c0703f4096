import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Every test fails if the page asks any origin other than the site's own for anything: the site
 * must not leak its visitors to CDNs, font services or trackers.
 */
export const test = base.extend<{
  foreignRequests: string[];
  allowedOrigins: string[];
  cspViolations: string[];
  pageErrors: string[];
}>({
  /**
   * Every test fails on an error the page did not catch: a hydration mismatch (React's error 418,
   * which a Yiddish date written differently by Node and by Chromium once caused) among them.
   */
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await use(errors);
      expect(errors, 'errors the page did not catch').toEqual([]);
    },
    { auto: true },
  ],
  /** Every test fails if the Content-Security-Policy blocked anything: the policy and the site must agree. */
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /** Origins a test itself stands in for with page.route (the quick-exit test's neutral site). */
  allowedOrigins: [[], { option: true }],
  foreignRequests: [
    async ({ page, baseURL, allowedOrigins }, use) => {
      const ownOrigins = [new URL(baseURL ?? '').origin, ...allowedOrigins];
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['data:', 'blob:'].includes(url.protocol) && !ownOrigins.includes(url.origin)) foreign.push(request.url());
      });
      await use(foreign);
      expect(foreign, 'requests to other origins').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** On a narrow screen the navigation is folded behind the Menu button: open it when it is. */
export async function openMenuIfFolded(page: Page) {
  // The toggle works once React runs the page; a tap before that would be lost.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const toggle = page.locator('.menu-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/**
 * Where one width is enough (decision 0027): the test runs in the named project only. The staff
 * area's rules and flows that do not depend on the layout run at desktop width; what a reporter
 * does on a phone runs at 375 px.
 */
export function onlyAt(testInfo: TestInfo, project: 'desktop' | 'mobile', why: string) {
  test.skip(testInfo.project.name !== project, why);
}

/**
 * A long flow written once per language runs once per language (decision 0027): English at 1280 px,
 * every other language (Hebrew and Yiddish right to left) at 375 px. Together the languages still
 * show the flow at both widths and in both directions, without running each twice.
 */
export function oneWidthPerLanguage(testInfo: TestInfo, language: string) {
  onlyAt(
    testInfo,
    language === 'en' ? 'desktop' : 'mobile',
    'English runs at 1280 px, the other languages at 375 px (decision 0027)',
  );
}
