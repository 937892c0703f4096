import { describe, expect, it } from 'vitest';
import { todayInBelgium } from '../site/dates.ts';
import { DESCRIPTION_MAX_LENGTH } from './limits.ts';
import { REPORT_FORM_FIELDS, type ReportFormValues, reportInputFromValues } from './plain-forms.ts';
import { validateReport } from './report.schema.ts';

const anonymousReport = {
  language: 'nl',
  anonymous: true,
  date: '2026-11-01',
  time: '21:30',
  location: 'Kievitplein, Antwerpen',
  type: 'verbal',
  description: 'Two men shouted antisemitic insults at us near the station.',
  calledPolice: 'no',
  calledOrganisation: 'no',
  medicalTreatment: 'no',
  sharingConsent: 'yes',
  termsAccepted: true,
};
const namedReport = {
  ...anonymousReport,
  anonymous: false,
  firstName: 'Sara',
  lastName: 'Cohen',
  phone: '0470 12 34 56',
  email: '',
  address: '',
};

function errorsOf(input: unknown) {
  const result = validateReport(input);
  return result.success ? {} : result.errors;
}

describe('validateReport', () => {
  it('accepts an anonymous report, and a named one with a Belgian mobile number', () => {
    expect(validateReport(anonymousReport).success).toBe(true);
    expect(validateReport(namedReport).success).toBe(true);
    expect(validateReport({ ...namedReport, phone: '', email: 'sara@example.be' }).success).toBe(true);
    expect(validateReport({ ...namedReport, phone: '+972 52 123 4567' }).success).toBe(true);
    expect(validateReport({ ...namedReport, phone: '0032 3 123 45 67' }).success).toBe(true);
  });

  it('reports every missing field of every step at once', () => {
    expect(errorsOf({ language: 'en', anonymous: false })).toEqual({
      firstName: 'required',
      lastName: 'required',
      phone: 'contactMethodRequired',
      email: 'contactMethodRequired',
      date: 'required',
      location: 'required',
      type: 'required',
      description: 'required',
      calledPolice: 'required',
      calledOrganisation: 'required',
      medicalTreatment: 'required',
      sharingConsent: 'required',
      termsAccepted: 'termsRequired',
    });
  });

  it.each([
    [{ phone: '12' }, { phone: 'invalidPhone' }],
    [{ phone: '+32 470' }, { phone: 'invalidPhone' }],
    [{ email: 'sara@' }, { email: 'invalidEmail' }],
    [{ date: '2026-02-30' }, { date: 'invalidDate' }],
    [{ date: '01/11/2026' }, { date: 'invalidDate' }],
    [{ time: '25:00' }, { time: 'invalidTime' }],
    [{ type: 'rumour' }, { type: 'required' }],
    [{ calledPolice: 'maybe' }, { calledPolice: 'required' }],
    [{ description: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) }, { description: 'tooLong' }],
    [{ termsAccepted: 'yes' }, { termsAccepted: 'termsRequired' }],
    [{ description: 42 }, { description: 'required' }],
    [{ isAdmin: true }, { isAdmin: 'unknownField' }],
  ])('refuses %o with %o', (change, expected) => {
    expect(errorsOf({ ...namedReport, ...change })).toEqual(expected);
  });

  it('refuses a date after today in Belgium, and accepts today', () => {
    const today = todayInBelgium();
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(errorsOf({ ...anonymousReport, date: tomorrow.toISOString().slice(0, 10) })).toEqual({ date: 'futureDate' });
    expect(validateReport({ ...anonymousReport, date: today }).success).toBe(true);
  });

  it('refuses personal data on an anonymous report rather than keeping it', () => {
    expect(errorsOf({ ...anonymousReport, firstName: 'Sara', email: 'sara@example.be' })).toEqual({
      firstName: 'notAllowedWhenAnonymous',
      email: 'notAllowedWhenAnonymous',
    });
  });

  it('drops the police report number when the police were not called, keeps it when they were', () => {
    const without = validateReport({ ...anonymousReport, policeReportNumber: 'AN.12.34.567890/26' });
    expect(without.success && without.data.policeReportNumber).toBe('');
    const withNumber = validateReport({
      ...anonymousReport,
      calledPolice: 'yes',
      policeReportNumber: 'AN.12.34.567890/26',
    });
    expect(withNumber.success && withNumber.data.policeReportNumber).toBe('AN.12.34.567890/26');
  });

  it('trims text', () => {
    const result = validateReport({ ...namedReport, firstName: '  Sara ' });
    expect(result.success && result.data.firstName).toBe('Sara');
  });

  it('refuses what is not an object', () => {
    expect(validateReport([])).toEqual({ success: false, errors: { form: 'invalidChoice' } });
    expect(validateReport(null).success).toBe(false);
  });
});

describe('the questions of decision 0024', () => {
  const online = { ...anonymousReport, type: 'online' };

  it('asks whether the threat is going on, optionally: yes, no, "I don\'t know" or nothing', () => {
    for (const threatOngoing of ['yes', 'no', 'unknown', '', undefined]) {
      const result = validateReport({ ...anonymousReport, threatOngoing });
      expect(result.success, String(threatOngoing)).toBe(true);
      expect(result.success && result.data.threatOngoing).toBe(threatOngoing ?? '');
    }
    expect(errorsOf({ ...anonymousReport, threatOngoing: 'maybe' })).toEqual({ threatOngoing: 'invalidChoice' });
    expect(errorsOf({ ...anonymousReport, threatOngoing: true })).toEqual({ threatOngoing: 'invalidChoice' });
  });

  it('requires the consent to pass the report on: yes, no or ask first, nothing else', () => {
    for (const sharingConsent of ['yes', 'no', 'ask-first']) {
      const result = validateReport({ ...anonymousReport, sharingConsent });
      expect(result.success && result.data.sharingConsent).toBe(sharingConsent);
    }
    expect(errorsOf({ ...anonymousReport, sharingConsent: undefined })).toEqual({ sharingConsent: 'required' });
    expect(errorsOf({ ...anonymousReport, sharingConsent: '' })).toEqual({ sharingConsent: 'required' });
    expect(errorsOf({ ...anonymousReport, sharingConsent: 'ask_first' })).toEqual({ sharingConsent: 'required' });
  });

  it('takes up to five http(s) addresses and a platform for an online incident, skipping blank places', () => {
    const result = validateReport({
      ...online,
      onlineUrls: ['https://www.facebook.com/groups/1/posts/2', '', ' http://example.be/a?b=c#d '],
      onlinePlatform: 'facebook',
    });
    expect(result.success && result.data.onlineUrls).toEqual([
      'https://www.facebook.com/groups/1/posts/2',
      'http://example.be/a?b=c#d',
    ]);
    expect(result.success && result.data.onlinePlatform).toBe('facebook');
    // Both optional.
    const bare = validateReport(online);
    expect(bare.success && bare.data.onlineUrls).toEqual([]);
    expect(bare.success && bare.data.onlinePlatform).toBe('');
  });

  it('names the place of each wrong address, with its own code', () => {
    expect(
      errorsOf({
        ...online,
        onlineUrls: [
          'https://ok.example/x',
          'www.facebook.com/post',
          '',
          'javascript:alert(1)',
          'ftp://files.example/x',
        ],
      }),
    ).toEqual({ onlineUrl2: 'invalidUrl', onlineUrl4: 'invalidUrl', onlineUrl5: 'invalidUrl' });
    expect(errorsOf({ ...online, onlineUrls: ['https://exa mple.com/'] })).toEqual({ onlineUrl1: 'invalidUrl' });
    expect(errorsOf({ ...online, onlineUrls: ['https://'] })).toEqual({ onlineUrl1: 'invalidUrl' });
    expect(errorsOf({ ...online, onlineUrls: [`https://example.com/${'a'.repeat(2_000)}`] })).toEqual({
      onlineUrl1: 'tooLong',
    });
    expect(errorsOf({ ...online, onlineUrls: [42] })).toEqual({ onlineUrl1: 'invalidUrl' });
  });

  it('refuses a sixth address, a list that is not one, and a platform outside the closed set', () => {
    const six = Array.from({ length: 6 }, (_, index) => `https://example.com/${index}`);
    expect(errorsOf({ ...online, onlineUrls: six })).toEqual({ onlineUrls: 'tooManyUrls' });
    expect(errorsOf({ ...online, onlineUrls: 'https://example.com/' })).toEqual({ onlineUrls: 'invalidChoice' });
    expect(errorsOf({ ...online, onlinePlatform: 'myspace' })).toEqual({ onlinePlatform: 'invalidChoice' });
  });

  it('drops the addresses and the platform when the incident did not happen online', () => {
    const result = validateReport({
      ...anonymousReport,
      type: 'verbal',
      onlineUrls: ['https://example.com/post'],
      onlinePlatform: 'x',
    });
    expect(result.success && result.data.onlineUrls).toEqual([]);
    expect(result.success && result.data.onlinePlatform).toBe('');
  });
});

describe('the report form values (both paths, decision 0024)', () => {
  const empty = Object.fromEntries(
    REPORT_FORM_FIELDS.map((field) => [field, field === 'anonymous' || field === 'termsAccepted' ? false : '']),
  ) as ReportFormValues;

  it('sends the address boxes as one list in their places, and nothing of them for another type', () => {
    const online = { ...empty, anonymous: true, type: 'online', onlineUrl2: 'nope', onlineUrl3: 'https://a.example/' };
    const input = reportInputFromValues(online, 'en');
    expect(input.onlineUrls).toEqual(['', 'nope', 'https://a.example/']);
    expect(input).not.toHaveProperty('onlineUrl2');
    expect(errorsOf({ ...anonymousReport, ...input, language: 'nl' })).toMatchObject({ onlineUrl2: 'invalidUrl' });
    const verbal = reportInputFromValues({ ...online, type: 'verbal', onlinePlatform: 'x' }, 'en');
    expect(verbal.onlineUrls).toEqual([]);
    expect(verbal.onlinePlatform).toBe('');
  });
});
