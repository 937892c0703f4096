import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  ERROR_CODE_LISTS,
  ERROR_CODES,
  errorCodeForStatus,
  errorStatus,
  isErrorCode,
  type ServerErrorCode,
} from './error-codes.ts';

type Tree = { readonly [key: string]: string | Tree };

/** The message at a dotted key, as in apps/web/app/i18n/translator.ts. */
function at(messages: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A code's sentence: a plain message, or a plural one (`key_other`, the form every language has). */
function lookup(messages: Tree, key: string): string | undefined {
  return at(messages, key) ?? at(messages, `${key}_other`);
}

describe('the error-code catalogue', () => {
  const rows = ERROR_CODE_LISTS.flatMap((list) => LANGUAGE_CODES.map((language) => ({ list, language }))).map(
    ({ list, language }) => [`${list.name} (${list.prefix}.*)`, language, list] as const,
  );

  it.each(rows)('every %s code has a sentence in %s', (_name, language, list) => {
    const messages = resources[language][list.namespace] as Tree;
    const missing = list.codes.filter((code) => !lookup(messages, `${list.prefix}.${code}`)?.trim());
    expect(missing, `${language}: ${list.namespace}.json lacks ${list.prefix}.<code> for`).toEqual([]);
  });

  it('lists every API code in its table, once', () => {
    const api = ERROR_CODE_LISTS.find((list) => list.name === 'api');
    expect(api?.codes).toEqual(Object.keys(API_ERRORS));
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('gives every code the server sends an error status, and NETWORK none', () => {
    for (const code of ERROR_CODES) {
      if (code === 'NETWORK') {
        expect(API_ERRORS.NETWORK.status).toBeNull();
        continue;
      }
      const status = errorStatus(code);
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('names the general code of a status, whose own status it is', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 503]) {
      expect(errorStatus(errorCodeForStatus(status))).toBe(status);
    }
    expect(errorCodeForStatus(405)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(416)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(502)).toBe('SERVICE_UNAVAILABLE');
    expect(errorCodeForStatus(501)).toBe('INTERNAL');
    expect(errorCodeForStatus(200 as number)).toBe<ServerErrorCode>('INTERNAL');
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('CONFLICT')).toBe(true);
    expect(isErrorCode('NETWORK')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('conflict')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
