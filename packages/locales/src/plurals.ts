import { type Language, localeTag } from './languages.ts';

/** The CLDR plural categories, in CLDR's order. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/**
 * The plural categories a language's messages need, from the Intl.PluralRules of its locale (so the
 * runtime that chooses the form is also the one that says which forms exist): English one/other,
 * French one/many/other, Hebrew one/two/other…
 */
export function pluralCategories(language: Language): PluralCategory[] {
  const categories = new Intl.PluralRules(localeTag(language)).resolvedOptions().pluralCategories;
  return PLURAL_CATEGORIES.filter((category) => categories.includes(category));
}

/** `casework.summary_one` → { base: 'casework.summary', category: 'one' }; any other key → undefined. */
export function pluralKey(key: string): { base: string; category: PluralCategory } | undefined {
  const match = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
  return match ? { base: match[1] as string, category: match[2] as PluralCategory } : undefined;
}

const SAMPLE_COUNTS = [...Array.from({ length: 2001 }, (_, n) => n), 1_000_000, 2_000_000, 1_000_000_000];

/**
 * The one whole number a category of this language holds, if it holds only one (English and Hebrew
 * "one" is 1, Hebrew "two" is 2): only such a form may write its number in words ("אירוע אחד").
 * French "one" holds 0 and 1, so its form must show the number.
 */
export function singleNumberOf(language: Language, category: PluralCategory): number | undefined {
  const rules = new Intl.PluralRules(localeTag(language));
  const numbers = SAMPLE_COUNTS.filter((count) => rules.select(count) === category);
  return numbers.length === 1 ? numbers[0] : undefined;
}
