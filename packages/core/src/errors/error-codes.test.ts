import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  type AppErrorCode,
  codeIn,
  ERROR_CATALOGUE,
  type ErrorSection,
  errorCodeForStatus,
  errorMessageKey,
  errorStatus,
  isApiErrorCode,
  isAppErrorCode,
  nameIn,
  publicCode,
  type ServerErrorCode,
  type ServerFailureCode,
} from './error-codes.ts';

/*
 * The catalogue against what is independent of it: the message files of every language (every
 * code has its sentence, and every sentence under an error prefix is a code's), and the source
 * code (every code is used somewhere; a code nothing emits is a sentence nobody reads).
 */

type Tree = { readonly [key: string]: string | Tree };

/** The node at a dotted key. */
function at(messages: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

/** A code's sentence: a plain message, or a plural one (`key_other`, the form every language has). */
function sentence(messages: Tree, key: string): string | undefined {
  const found = at(messages, key) ?? at(messages, `${key}_other`);
  return typeof found === 'string' ? found : undefined;
}

const SECTIONS = Object.keys(ERROR_CATALOGUE) as ErrorSection[];
const qualified = (section: ErrorSection, code: string) =>
  (section === 'api' ? code : `${section}.${code}`) as AppErrorCode;
const CODES = SECTIONS.flatMap((section) =>
  Object.keys(ERROR_CATALOGUE[section].codes).map((code) => ({ section, code, qualified: qualified(section, code) })),
);
const messagesOf = (language: (typeof LANGUAGE_CODES)[number], section: ErrorSection) =>
  resources[language][ERROR_CATALOGUE[section].namespace] as Tree;

/** Sections whose prefix holds their sentences only (the content editor's prefix holds its whole page). */
const OWN_PREFIX: readonly ErrorSection[] = SECTIONS.filter((section) => section !== 'content');
/** A key under an error prefix that is not a code: the title of the alert that shows the sentence. */
const NOT_A_CODE = new Set(['title']);
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('the catalogue against the message files', () => {
  const rows = SECTIONS.flatMap((section) => LANGUAGE_CODES.map((language) => [section, language] as const));

  it.each(rows)('every %s code has a sentence in %s', (section, language) => {
    const { prefix, namespace } = ERROR_CATALOGUE[section];
    const messages = messagesOf(language, section);
    const missing = Object.keys(ERROR_CATALOGUE[section].codes).filter(
      (code) => !sentence(messages, `${prefix}.${code}`)?.trim(),
    );
    expect(missing, `${language}: ${namespace}.json lacks ${prefix}.<code> for`).toEqual([]);
  });

  it.each(rows.filter(([section]) => OWN_PREFIX.includes(section)))(
    'every sentence under the %s prefix in %s is a code of the catalogue',
    (section, language) => {
      const { prefix, codes } = ERROR_CATALOGUE[section];
      const node = at(messagesOf(language, section), prefix);
      expect(typeof node, `${language}: ${prefix}`).toBe('object');
      const orphans = Object.entries(node as Tree)
        .filter(([key, value]) => typeof value !== 'string' || !NOT_A_CODE.has(key))
        .map(([key]) => key.replace(PLURAL, ''))
        .filter((key) => !Object.hasOwn(codes, key));
      expect(orphans, `${language}: ${prefix}.<key> that no code has`).toEqual([]);
    },
  );

  it('gives each code its own sentence key', () => {
    const keys = CODES.map(({ qualified }) => errorMessageKey(qualified));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

/** The source files that may emit or show a code (tests, the catalogue and the message files aside). */
function sources(): string {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const folders = ['apps/server/src', 'apps/web/app', 'packages/core/src'].map((folder) => path.join(root, folder));
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !full.endsWith('errors/error-codes.ts')
      )
        files.push(full);
    }
  };
  for (const folder of folders) walk(folder);
  return files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/** The general codes of the statuses: the last error handler answers with them (`errorCodeForStatus`). */
const GENERAL = new Set<string>([400, 401, 403, 404, 409, 413, 415, 429, 500, 503].map(errorCodeForStatus));

describe('the catalogue against the source', () => {
  const code = sources();

  it.each(CODES.map((entry) => [entry.qualified, entry] as const))(
    '%s is used by the code that emits or shows it',
    (_name, entry) => {
      // As a schema's message or a failure (`'noteRequired'`, `'casework.noteRequired'`), or as the
      // end of a key the page builds (`casework.errors.${code}` with a code read from the answer).
      const written = new RegExp(`['"\`](?:${entry.section}\\.)?${entry.code}['"\`]`);
      const used = written.test(code) || GENERAL.has(entry.qualified);
      expect(used, `${entry.qualified} appears nowhere outside the catalogue`).toBe(true);
    },
  );
});

describe('statuses', () => {
  it('gives every code an error status, but the codes the browser gives itself', () => {
    for (const { qualified, section, code } of CODES) {
      const status = (ERROR_CATALOGUE[section].codes as Record<string, number | null>)[code] ?? null;
      if (status === null) continue;
      expect(errorStatus(qualified as ServerFailureCode), qualified).toBe(status);
      expect(status >= 400 && status <= 599, `${qualified}: ${status}`).toBe(true);
    }
    expect(ERROR_CATALOGUE.api.codes.NETWORK).toBeNull();
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
});

describe('reading a code', () => {
  it('recognises its own codes only', () => {
    expect(isApiErrorCode('CONFLICT')).toBe(true);
    expect(isApiErrorCode('NETWORK')).toBe(true);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(isApiErrorCode('conflict')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
    expect(API_ERROR_CODES).toContain('NOT_FOUND');
    expect(isAppErrorCode('reminders.dateInPast')).toBe(true);
    expect(isAppErrorCode('reminders.toString')).toBe(false);
    expect(isAppErrorCode('api.NOT_FOUND')).toBe(false);
    expect(isAppErrorCode('dateInPast')).toBe(false);
  });

  it('reads a code of one section, bare or qualified', () => {
    expect(codeIn('evidencePack', 'tooLarge')).toBe('evidencePack.tooLarge');
    expect(codeIn('evidencePack', 'evidencePack.tooLarge')).toBe('evidencePack.tooLarge');
    expect(codeIn('evidencePack', 'reminders.dateInPast')).toBeUndefined();
    expect(codeIn('evidencePack', 'dateInPast')).toBeUndefined();
    expect(codeIn('api', 'NOT_FOUND')).toBe('NOT_FOUND');
    expect(codeIn('api', 42)).toBeUndefined();
  });

  it('reads a code by its name in its section', () => {
    expect(nameIn('casework', 'casework.noteRequired')).toBe('noteRequired');
    expect(nameIn('api', 'NOT_FOUND')).toBe('NOT_FOUND');
    expect(nameIn('casework', 'reminders.noteRequired')).toBeUndefined();
    expect(nameIn('casework', 'casework.toString')).toBeUndefined();
    expect(nameIn('casework', 'noteRequired')).toBeUndefined();
  });

  it('answers outside a form with the API code of a failure, or the general code of its status', () => {
    expect(publicCode({ code: 'NOT_FOUND', status: 404 })).toBe('NOT_FOUND');
    expect(publicCode({ code: 'casework.conflict', status: 409 })).toBe('CONFLICT');
    expect(publicCode({ code: 'reminders.notFound', status: 404 })).toBe('NOT_FOUND');
    expect(publicCode({ code: 'staff.notFound', status: 400 })).toBe('BAD_REQUEST');
    expect(publicCode({ code: 'NETWORK', status: 500 })).toBe('INTERNAL');
  });

  it('finds the sentence of every kind of code', () => {
    expect(errorMessageKey('NOT_FOUND')).toBe('forms.errors.NOT_FOUND');
    expect(errorMessageKey('evidencePack.erased')).toBe('casework.evidencePack.errors.erased');
    expect(errorMessageKey('content.tooLong')).toBe('content.tooLong');
  });
});
