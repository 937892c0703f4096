import { z } from 'zod';

/**
 * The kinds of value a setting takes (a whole number in a range, an address, a list of e-mail
 * addresses, a key…), each with the words that say what it expects when a value is wrong.
 */

/** `expected …`: every message names what the setting takes; loadConfig adds its name and the value. */
export const expected = (what: string) => `expected ${what}`;

/** A whole number from `min` to `max`; `what` says it in words when "a whole number between" does not. */
export function wholeNumber(min: number, max: number, what = `a whole number between ${min} and ${max}`) {
  const message = expected(what);
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A whole number of `unit` (months, working days…) from `min` to `max`. */
export const countOf = (unit: string, min: number, max: number) =>
  wholeNumber(min, max, `a whole number of ${unit} between ${min} and ${max}`);

/** Text of `min` to `max` characters, trimmed. */
export const text = (what: string, { min = 1, max = Number.POSITIVE_INFINITY } = {}) =>
  z.string().trim().min(min, expected(what)).max(max, expected(what));

/** An http(s) address. */
export const webAddress = (what: string) => z.url({ protocol: /^https?$/, error: expected(what) });

/** One of a few words. */
export const oneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  what = `one of ${values.join(', ')}`,
) => z.enum(values, { error: expected(what) });

export const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value) && URL.canParse(value), {
    error: expected('a PostgreSQL connection URL such as postgres://user:password@host:5432/database'),
  });

/** A comma-separated list of e-mail addresses (already checked), as a list. */
export function emailList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export const emailListSetting = z
  .string()
  .trim()
  .refine((value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success), {
    error: expected('one or more email addresses separated by commas'),
  });

export const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()./-]{1,24}$/, expected('a telephone number such as 112 or +32 3 123 45 67'));

/** 32 bytes written in base64 or hex, or undefined. */
export function keyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}
