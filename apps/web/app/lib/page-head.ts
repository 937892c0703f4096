/**
 * A public page's head, computed by its loader (page-head.server.ts) and turned into meta tags
 * by page-meta.ts. A module of its own so that browser code never imports a `*.server.ts` file.
 */
export type PageHead = {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  ogLocale: string;
  ogLocaleAlternates: string[];
};
