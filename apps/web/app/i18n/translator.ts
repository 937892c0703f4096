import { type Language, localeTag } from '@app/locales/languages';
import { numberFormatter } from './format.ts';

export type MessageTree = { readonly [key: string]: string | MessageTree };
export type Values = Readonly<Record<string, string | number>>;
export type Translate = (key: string, values?: Values) => string;

function lookup(messages: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Replaces `{{name}}` with its value; an unknown name is left visible rather than silently dropped.
 * A number is written by `formatNumber` (the page's locale: "10,000", "10.000", "10 000"); a string
 * goes in as it is, so a year or a code that must not be grouped is passed as a string.
 */
export function interpolate(
  template: string,
  values: Values = {},
  formatNumber: (value: number) => string = String,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/**
 * A translate function over one language's messages. Keys are dotted paths. With a numeric
 * `count`, the form of the language's plural category is chosen (`key_one`, `key_two`, `key_many`…,
 * by Intl.PluralRules of the page's locale), then `key_other`, then the plain `key`; a plural
 * message asked for without a count gives its `other` form with `{{count}}` left visible rather
 * than its key. Numbers are written in the page's locale. A missing key shows the key itself,
 * which the completeness test prevents from reaching a visitor.
 */
export function createTranslator(language: Language, messages: MessageTree | undefined): Translate {
  const tag = localeTag(language);
  const plurals = new Intl.PluralRules(tag);
  const format = numberFormatter(tag);
  return (key, values) => {
    const count = values?.count;
    const template =
      typeof count === 'number'
        ? (lookup(messages, `${key}_${plurals.select(count)}`) ??
          lookup(messages, `${key}_other`) ??
          lookup(messages, key))
        : (lookup(messages, key) ?? lookup(messages, `${key}_other`));
    return template === undefined ? key : interpolate(template, values, format);
  };
}
