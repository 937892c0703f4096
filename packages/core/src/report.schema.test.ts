import { describe, expect, it } from 'vitest';
import { todayInBelgium } from './dates.ts';
import { DESCRIPTION_MAX_LENGTH } from './limits.ts';
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
