import type { MetaDescriptor } from 'react-router';
import type { PageHead } from './page-head.ts';

/** Turns a page's head (computed by its loader) into React Router meta descriptors. */
export function pageMeta(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return [];
  return [
    { title: head.title },
    { name: 'description', content: head.description },
    { tagName: 'link', rel: 'canonical', href: head.canonical },
    ...head.alternates.map(({ hrefLang, href }) => ({ tagName: 'link', rel: 'alternate', hrefLang, href })),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: head.canonical },
    { property: 'og:locale', content: head.ogLocale },
    ...head.ogLocaleAlternates.map((locale) => ({ property: 'og:locale:alternate', content: locale })),
  ];
}
