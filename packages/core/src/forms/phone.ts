import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * A Belgian number written the Belgian way (0470 12 34 56, 03 123 45 67) or any international
 * number with its country code (+32 …, +972 …, 0032 …).
 */
export function isValidPhone(value: string): boolean {
  const normalised = value.trim().replace(/^00/, '+');
  try {
    return isValidPhoneNumber(normalised, 'BE');
  } catch {
    return false;
  }
}
