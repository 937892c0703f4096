import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber } from './format.ts';
import { createTranslator, interpolate } from './translator.ts';

const messages = {
  greeting: 'Hello {{name}}',
  nested: { deep: 'Deep text' },
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  limit: 'At most {{max}} characters',
  year: '© {{year}}',
  plain: 'items (plain)',
  withPlain_other: '{{count}} with a plain key too',
  withPlain: 'the plain key',
};

const NARROW_NO_BREAK_SPACE = '\u202f';

describe('createTranslator', () => {
  it('finds dotted keys and fills placeholders', () => {
    const t = createTranslator('en', messages);
    expect(t('nested.deep')).toBe('Deep text');
    expect(t('greeting', { name: 'Sara' })).toBe('Hello Sara');
  });

  it('picks the plural form of the language', () => {
    const t = createTranslator('en', messages);
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 0 })).toBe('0 items');
    expect(t('items', { count: 3 })).toBe('3 items');
  });

  it('chooses by the language’s own categories: Hebrew two, French one for 0 and many for a million', () => {
    const he = createTranslator('he', { n_one: 'one', n_two: 'two', n_other: 'other {{count}}' });
    expect([1, 2, 3, 20].map((count) => he('n', { count }))).toEqual(['one', 'two', 'other 3', 'other 20']);
    const fr = createTranslator('fr', { n_one: 'one {{count}}', n_many: 'many {{count}}', n_other: 'other {{count}}' });
    expect([0, 1, 2, 1_000_000].map((count) => fr('n', { count }))).toEqual([
      'one 0',
      'one 1',
      'other 2',
      `many 1${NARROW_NO_BREAK_SPACE}000${NARROW_NO_BREAK_SPACE}000`,
    ]);
  });

  it('falls back to key_other when the language has no form for a category, then to the plain key', () => {
    // Hebrew has a "two" category; without items_two the "other" form is used, never the bare key.
    expect(createTranslator('he', messages)('items', { count: 2 })).toBe('2 items');
    expect(createTranslator('he', messages)('withPlain', { count: 1 })).toBe('1 with a plain key too');
    expect(createTranslator('en', messages)('plain', { count: 2 })).toBe('items (plain)');
  });

  it('gives a plural message asked for without a count its other form, the placeholder visible', () => {
    expect(createTranslator('en', messages)('items')).toBe('{{count}} items');
    expect(createTranslator('en', messages)('items', { count: 'many' })).toBe('many items');
  });

  it('writes numbers in the page’s locale, and strings as they are', () => {
    expect(createTranslator('en', messages)('limit', { max: 10000 })).toBe('At most 10,000 characters');
    expect(createTranslator('nl', messages)('limit', { max: 10000 })).toBe('At most 10.000 characters');
    expect(createTranslator('fr', messages)('limit', { max: 10000 })).toBe(
      `At most 10${NARROW_NO_BREAK_SPACE}000 characters`,
    );
    expect(createTranslator('he', messages)('items', { count: 1000 })).toBe('1,000 items');
    expect(createTranslator('en', messages)('year', { year: '2026' })).toBe('© 2026');
  });

  it('shows the key of a missing message, and leaves an unknown placeholder visible', () => {
    const t = createTranslator('en', messages);
    expect(t('nested.missing')).toBe('nested.missing');
    expect(t('nested.missing', { count: 2 })).toBe('nested.missing');
    expect(t('nested')).toBe('nested');
    expect(interpolate('Hi {{who}}', {})).toBe('Hi {{who}}');
  });
});

describe('formatNumber and formatFileSize', () => {
  it('write numbers as each language does', () => {
    expect(['en', 'fr', 'nl', 'he', 'yi'].map((language) => formatNumber(10000, language))).toEqual([
      '10,000',
      `10${NARROW_NO_BREAK_SPACE}000`,
      '10.000',
      '10,000',
      '10,000',
    ]);
  });

  it('never says 0 kB for a file that has bytes', () => {
    expect(formatFileSize(300, 'en')).toBe('1 kB');
    expect(formatFileSize(1536, 'en')).toBe('2 kB');
    expect(formatFileSize(900 * 1024, 'en')).toBe('900 kB');
  });

  it('gives megabytes with one decimal from 1,000 kB, in the language’s units and number format', () => {
    const size = 2.5 * 1024 * 1024;
    expect(formatFileSize(size, 'en')).toBe('2.5 MB');
    expect(formatFileSize(size, 'fr')).toBe(`2,5${NARROW_NO_BREAK_SPACE}Mo`);
    expect(formatFileSize(300 * 1024, 'fr')).toBe(`300${NARROW_NO_BREAK_SPACE}ko`);
    expect(formatFileSize(size, 'nl')).toBe('2,5 MB');
    expect(formatFileSize(size, 'he')).toBe('2.5 MB');
    expect(formatFileSize(1000 * 1024, 'en')).toBe('1 MB');
  });
});
