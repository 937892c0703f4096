import { Fragment, type ReactNode } from 'react';
import { interpolate, type Values } from './translator.ts';

type TagRenderer = (children: string) => ReactNode;

/**
 * Renders a message whose parts are wrapped in tags (`Call <emergency>{{number}}</emergency>`),
 * giving each tag its own element. The template is split on its tags before the values are put
 * in, so a value (a path typed by a visitor, say) can never be read as markup.
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
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    const [whole, tag = '', inner = ''] = match;
    parts.push(interpolate(template.slice(last, match.index), values));
    const render = components[tag];
    const text = interpolate(inner, values);
    parts.push(<Fragment key={match.index}>{render ? render(text) : text}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(interpolate(template.slice(last), values));
  return <>{parts}</>;
}
