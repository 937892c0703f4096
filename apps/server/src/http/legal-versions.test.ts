// The privacy policy and the terms carry their version and date, and every other version stays
// reachable from them (decision 0045): the shipped ones by number, the ones staff wrote by their id.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createStaffMember } from '../test/staff-helpers.ts';
import { useTestServer } from '../test/use-test-server.ts';

describe('the versions of the privacy policy and the terms', () => {
  const server = useTestServer();

  const page = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`);
    const html = await response.text();
    const document = new JSDOM(html).window.document;
    const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
    const versionLinks = [...document.querySelectorAll('.legal-versions a')].map((link) => [
      link.getAttribute('href'),
      link.textContent,
    ]);
    return { status: response.status, html, text, versionLinks, document };
  };

  it('shows the shipped version in force with its date, and links to the earlier one, in every language', async () => {
    const english = await page('/privacy');
    expect(english.status).toBe(200);
    expect(english.text('.document-meta p')).toBe('Version 2, in force since November 27, 2026');
    expect(english.versionLinks).toEqual([['/privacy/versions/1', 'Version 1, from November 22, 2026']]);
    // The markers are gone and the periods come from configuration (REPORT_RETENTION_MONTHS: 24).
    expect(english.text('.prose')).not.toMatch(/covers:|\{\{/);
    expect(english.text('.prose')).toContain('A rejected report: 24 months after it was rejected.');
    const hebrew = await page('/he/terms-of-use');
    expect(hebrew.versionLinks.map(([href]) => href)).toEqual(['/he/terms-of-use/versions/1']);
  });

  it('shows an earlier version as earlier, with its own text and a link to the one in force', async () => {
    const first = await page('/privacy/versions/1');
    expect(first.status).toBe(200);
    expect(first.text('.legal-archived')).toBe(
      'This is an earlier version of this text. It no longer applies. Read the version in force.',
    );
    expect(first.document.querySelector('.legal-archived a')?.getAttribute('href')).toBe('/privacy');
    expect(first.text('.prose h2:last-of-type')).toBe('12. Changes to this policy');
    expect(first.versionLinks.map(([href]) => href)).toEqual(['/privacy/versions/2']);
    const yiddish = await page('/yi/privacy/versions/1');
    expect(yiddish.status).toBe(200);
    expect(yiddish.text('.prose h2')).toBe('1. ווער איז פֿאַראַנטוואָרטלעך');
    // The version in force, under its number, is not "earlier".
    expect((await page('/privacy/versions/2')).document.querySelector('.legal-archived')).toBeNull();
  });

  it('keeps every earlier shipped version in every language', async () => {
    for (const prefix of ['', '/fr', '/nl', '/he', '/yi']) {
      for (const document of ['privacy', 'terms-of-use']) {
        const path = `${prefix}/${document}/versions/1`;
        expect([path, (await fetch(`${server.baseUrl}${path}`)).status]).toEqual([path, 200]);
      }
    }
  });

  it('answers 404 for a version that does not exist', async () => {
    for (const path of [
      '/privacy/versions/3',
      '/privacy/versions/0',
      '/privacy/versions/edit-999999',
      '/privacy/versions/latest',
      '/fr/terms-of-use/versions/01',
    ]) {
      expect([path, (await fetch(`${server.baseUrl}${path}`)).status]).toEqual([path, 404]);
    }
  });

  it('lists a text staff wrote as the one in force, keeps it reachable when replaced, and leaves other languages alone', async () => {
    const coordinator = await createStaffMember(server, 'coordinator');
    const { content } = server.services.operationsFor(coordinator.staff);
    await content.save('privacy', 'nl', 'Onze eerste eigen tekst.');
    const [firstEdit] = await content.history('privacy', 'nl');
    const edited = await page('/nl/privacy');
    expect(edited.text('.prose')).toBe('Onze eerste eigen tekst.');
    expect(edited.text('.document-meta p')).toMatch(/^Aangepast door onze medewerkers, geldig sinds /);
    expect(edited.versionLinks.map(([href]) => href)).toEqual(['/nl/privacy/versions/2', '/nl/privacy/versions/1']);

    await content.save('privacy', 'nl', 'Onze tweede eigen tekst.');
    const replaced = await page('/nl/privacy');
    expect(replaced.versionLinks.map(([href]) => href)).toEqual([
      `/nl/privacy/versions/edit-${firstEdit?.id}`,
      '/nl/privacy/versions/2',
      '/nl/privacy/versions/1',
    ]);
    const earlier = await page(`/nl/privacy/versions/edit-${firstEdit?.id}`);
    expect(earlier.text('.prose')).toBe('Onze eerste eigen tekst.');
    expect(earlier.document.querySelector('.legal-archived')).not.toBeNull();
    // A staff text belongs to its language and its document only.
    expect((await fetch(`${server.baseUrl}/privacy/versions/edit-${firstEdit?.id}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/nl/terms-of-use/versions/edit-${firstEdit?.id}`)).status).toBe(404);
    expect((await page('/privacy')).text('.document-meta p')).toBe('Version 2, in force since November 27, 2026');

    // Back to the shipped text: version 2 is in force again, and both texts staff wrote stay listed.
    await content.restoreShipped('privacy', 'nl');
    const back = await page('/nl/privacy');
    expect(back.text('.document-meta p')).toMatch(/^Versie 2, geldig sinds /);
    expect(back.versionLinks).toHaveLength(3);
  });
});
