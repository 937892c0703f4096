import { localeTag } from '@app/locales/languages';
import { Fragment, type ReactNode } from 'react';
import { numberFormatter } from './format.ts';
import { interpolate, type Values } from './translator.ts';
import { useTranslation } from './use-translation.ts';

type TagRenderer = (children: string) => ReactNode;

/**
 * Renders a message whose parts are wrapped in tags (`Call <emergency>{{number}}</emergency>`),
 * giving each tag its own element. The template is split on its tags before the values are put
 * in, so a value (a path typed by a visitor, say) can never be read as markup. Numbers are written
 * in the page's locale, as `t` writes them. For a plural message, pass `t(key, { count })` as the
 * template: `t` chooses the form and puts the count in, and leaves the other placeholders here.
 */
export function RichText({
  template,
  values,
  components,
}: {
  template: string;
  values?: Values;
  components: Readonly<Record<string, TagRenderer>>;
}) {
  const format = numberFormatter(localeTag(useTranslation().language));
  const fill = (text: string) => interpolate(text, values, format);
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    const [whole, tag = '', inner = ''] = match;
    parts.push(fill(template.slice(last, match.index)));
    const render = components[tag];
    const text = fill(inner);
    parts.push(<Fragment key={match.index}>{render ? render(text) : text}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(fill(template.slice(last)));
  return <>{parts}</>;
}
