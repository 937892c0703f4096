import { describe, expect, it } from 'vitest';
import { pluralCategories, pluralKey, singleNumberOf } from './plurals.ts';

describe('plural categories', () => {
  it('are each language’s own, as Intl.PluralRules of its locale gives them', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('nl')).toEqual(['one', 'other']);
    expect(pluralCategories('fr')).toEqual(['one', 'many', 'other']);
    expect(pluralCategories('he')).toEqual(['one', 'two', 'other']);
    expect(pluralCategories('yi')).toEqual(['one', 'other']);
  });

  it('read a plural key as its base and category, and nothing else', () => {
    expect(pluralKey('casework.summary_one')).toEqual({ base: 'casework.summary', category: 'one' });
    expect(pluralKey('a.b_many')).toEqual({ base: 'a.b', category: 'many' });
    expect(pluralKey('inbox.tab_new')).toBeUndefined();
    expect(pluralKey('incidentTypes.other.label')).toBeUndefined();
  });

  it('know which forms hold a single number that may be written in words', () => {
    expect(singleNumberOf('en', 'one')).toBe(1);
    expect(singleNumberOf('he', 'two')).toBe(2);
    expect(singleNumberOf('fr', 'one')).toBeUndefined(); // 0 and 1
    expect(singleNumberOf('fr', 'many')).toBeUndefined();
    expect(singleNumberOf('he', 'other')).toBeUndefined();
  });
});
