import { describe, expect, it } from 'vitest';
import { validateContactMessage } from './contact.schema.ts';
import { CONTACT_MESSAGE_MAX_LENGTH } from './limits.ts';

const message = {
  language: 'fr',
  firstName: 'Léa',
  lastName: '',
  email: 'lea@example.be',
  phone: '',
  message: 'Bonjour',
};

describe('validateContactMessage', () => {
  it('accepts a first name, an email and a message; the phone is optional', () => {
    expect(validateContactMessage(message).success).toBe(true);
    expect(validateContactMessage({ ...message, phone: '+32 2 123 45 67' }).success).toBe(true);
  });

  it.each([
    [{ firstName: ' ' }, { firstName: 'required' }],
    [{ email: '' }, { email: 'required' }],
    [{ email: 'lea@@example.be' }, { email: 'invalidEmail' }],
    [{ phone: '123' }, { phone: 'invalidPhone' }],
    [{ message: '' }, { message: 'required' }],
    [{ message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, { message: 'tooLong' }],
    [{ language: 'de' }, { language: 'invalidChoice' }],
    [{ extra: 1 }, { extra: 'unknownField' }],
  ])('refuses %o with %o', (change, expected) => {
    const result = validateContactMessage({ ...message, ...change });
    expect(result.success ? {} : result.errors).toEqual(expected);
  });
});
