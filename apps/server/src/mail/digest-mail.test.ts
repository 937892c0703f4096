import type { Language } from '@app/locales/languages';
import { describe, expect, it } from 'vitest';
import { composeDigest, type DigestSettings } from './digest-mail.ts';

/** A digest row as the job claims it: Wednesday 25 November 2026, a few figures. */
const digest = {
  id: '00000000-0000-4000-8000-000000000001',
  staffId: 'staff-1',
  day: '2026-11-25',
  newReports: 3,
  overdueReports: 1,
  unansweredReports: 2,
  dueReminders: 0,
  erasuresDue: 0,
  outboxId: null,
  createdAt: new Date('2026-11-25T06:00:00Z'),
};

const settings = (language: Language): DigestSettings => ({
  from: 'site@example.org',
  language,
  organisationName: 'Veiligheid Test',
  staffAreaUrl: 'https://example.test/internal',
});

describe('the daily digest email', () => {
  it('dates a Yiddish digest in YIVO spelling, weekday and month, not with the runtime’s Yiddish', () => {
    const mail = composeDigest(digest, 'member@example.org', settings('yi'));
    expect(mail.subject).toBe('טאָגטעגלעכע איבערזיכט: מיטוואָך, 25 נאָוועמבער 2026');
    expect(mail.text).toContain('מיטוואָך, 25 נאָוועמבער 2026');
    // What Intl writes for yi: CLDR's spelling, an ordinal suffix on the day.
    for (const cldr of ['מיטוואך', 'נאוועמבער', '25טן']) expect(`${mail.subject}\n${mail.text}`).not.toContain(cldr);
  });

  it('dates the other languages with Intl, in Belgian time, the weekday included', () => {
    const subjects = Object.fromEntries(
      (['en', 'nl', 'fr', 'he'] as const).map((language) => [
        language,
        composeDigest(digest, 'member@example.org', settings(language)).subject,
      ]),
    );
    expect(subjects.en).toContain('Wednesday, November 25, 2026');
    expect(subjects.nl).toContain('woensdag 25 november 2026');
    expect(subjects.fr).toContain('mercredi 25 novembre 2026');
    expect(subjects.he).toContain('יום רביעי, 25 בנובמבר 2026');
  });

  it('writes each figure with the plural form of its count and nothing of a report', () => {
    const mail = composeDigest(digest, 'member@example.org', settings('nl'));
    expect(mail.text).toContain('• 3 nieuwe meldingen');
    expect(mail.text).toContain('• waarvan 1 de beloofde antwoordtermijn overschreden heeft');
    expect(mail.text).toContain('https://example.test/internal/reports?status=new&sort=received-asc');
    expect(mail.to).toBe('member@example.org');
  });
});
