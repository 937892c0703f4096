import fs from 'node:fs';
import path from 'node:path';
import { ONLINE_PLATFORMS } from '@app/core/forms/report-questions';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { describe, expect, it } from 'vitest';
import { internalMessagesFor } from '../i18n/messages.server.ts';
import { createTranslator } from '../i18n/translator.ts';

/** The staff area's own files: what they translate reaches the browser through `internalMessagesFor`. */
const STAFF_FOLDERS = [
  'routes/internal',
  'features/casework',
  'features/staff',
  'features/stats',
  'features/reminders',
  'features/response-times',
  'shared/staff',
].map((folder) => path.join(import.meta.dirname, '..', folder));

const sourcesOf = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));

describe('the staff area’s messages', () => {
  it('name each online platform in every language (the report page and the statistics show them)', () => {
    for (const language of LANGUAGE_CODES) {
      const t = createTranslator(language, internalMessagesFor(language));
      for (const platform of ONLINE_PLATFORMS) {
        expect(t(`onlinePlatforms.${platform}`), `${language} ${platform}`).not.toContain('onlinePlatforms.');
      }
    }
  });

  it('hold every group of messages the staff pages translate from', () => {
    // `errors.*` comes with the site-wide messages of the root loader, which every page has.
    const groups = new Set([...Object.keys(internalMessagesFor('en')), 'errors']);
    const missing = new Set<string>();
    for (const source of STAFF_FOLDERS.flatMap(sourcesOf)) {
      for (const [, group] of source.matchAll(/\bt\(\s*[`'"]([a-zA-Z]+)[.`'"$]/g)) {
        if (group && !groups.has(group)) missing.add(group);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
