import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate } from './translator.ts';

const messages = {
  greeting: 'Hello {{name}}',
  nested: { deep: 'Deep text' },
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  items: 'items (fallback)',
};

describe('createTranslator', () => {
  it('finds dotted keys and fills placeholders', () => {
    const t = createTranslator('en', messages);
    expect(t('nested.deep')).toBe('Deep text');
    expect(t('greeting', { name: 'Sara' })).toBe('Hello Sara');
  });

  it('picks the plural form of the language', () => {
    const t = createTranslator('en', messages);
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 3 })).toBe('3 items');
  });

  it('falls back to the plain key when the language has no form for a plural category', () => {
    // Hebrew has a "two" category; without items_two the plain key is used.
    expect(createTranslator('he', messages)('items', { count: 2 })).toBe('items (fallback)');
  });

  it('shows the key of a missing message, and leaves an unknown placeholder visible', () => {
    const t = createTranslator('en', messages);
    expect(t('nested.missing')).toBe('nested.missing');
    expect(t('nested')).toBe('nested');
    expect(interpolate('Hi {{who}}', {})).toBe('Hi {{who}}');
  });
});
