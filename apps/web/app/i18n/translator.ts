import type { Language } from '@app/locales/languages';

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

/** Replaces `{{name}}` with its value; an unknown name is left visible rather than silently dropped. */
export function interpolate(template: string, values: Values = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/**
 * A translate function over one language's messages. Keys are dotted paths. With a numeric
 * `count`, `key_one`, `key_two`, `key_many`… are tried first, chosen by the language's plural
 * rules (Hebrew and Yiddish do not pluralise as English does). A missing key shows the key itself,
 * which the completeness test prevents from reaching a visitor.
 */
export function createTranslator(language: Language, messages: MessageTree | undefined): Translate {
  const plurals = new Intl.PluralRules(language);
  return (key, values) => {
    const count = values?.count;
    const template =
      (typeof count === 'number' ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
      lookup(messages, key);
    return template === undefined ? key : interpolate(template, values);
  };
}
