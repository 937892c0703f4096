import { LANGUAGE_CODES, localeTag } from '@app/locales/languages';
import { pluralKey, singleNumberOf } from '@app/locales/plurals';
import { resources } from '@app/locales/resources';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';
import { createTranslator, type MessageTree } from './translator.ts';

const COUNTS = [0, 1, 2, 3, 11, 21, 1000];

function flatten(tree: MessageTree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

/** Every plural message of English, by namespace, with the other placeholders its "other" form has. */
const groups = namespaces.flatMap((namespace) => {
  const english = flatten(resources.en[namespace]);
  const bases = [...new Set(Object.keys(english).flatMap((key) => pluralKey(key)?.base ?? []))];
  return bases.map((base) => {
    const names = [...(english[`${base}_other`] ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]);
    const others = Object.fromEntries(names.filter((name) => name !== 'count').map((name) => [name, `‹${name}›`]));
    return { namespace, base, others };
  });
});

describe('plural messages', () => {
  it('exist, in the public pages, the forms, the staff area and the staff e-mails', () => {
    expect(new Set(groups.map((group) => group.namespace))).toEqual(new Set(['common', 'forms', 'internal', 'emails']));
  });

  describe.each(LANGUAGE_CODES)('in %s', (language) => {
    const rules = new Intl.PluralRules(localeTag(language));

    it.each(groups.map((group) => [`${group.namespace}:${group.base}`, group] as const))(
      '%s reads right for 0, 1, 2, 3, 11, 21 and 1000',
      (_name, { namespace, base, others }) => {
        const t = createTranslator(language, resources[language][namespace]);
        for (const count of COUNTS) {
          const text = t(base, { ...others, count });
          const where = `${language}:${base} with ${count}: ${text}`;
          expect(text, where).not.toBe(base);
          expect(text, where).not.toContain(`${base}_`);
          expect(text, where).not.toContain('{{');
          expect(text, where).not.toMatch(/\d{4}/); // 1000 is written 1,000 / 1.000 / 1 000
          // The number is shown, written in the locale, unless the form holds only this number and
          // writes it in words ("אירוע מאומת אחד").
          if (singleNumberOf(language, rules.select(count)) !== count) {
            expect(text, where).toContain(formatNumber(count, language));
          }
          for (const value of Object.values(others)) expect(text, where).toContain(value);
        }
      },
    );
  });
});
