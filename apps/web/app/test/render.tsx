import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { createTranslator } from '../i18n/translator.ts';
import { TranslationContext } from '../i18n/use-translation.ts';

type Namespace = 'common' | 'forms' | 'internal';

/**
 * Renders a piece of the site as a reader of `language` sees it: its real messages (the namespaces
 * the page's loader would send), inside a router at `path` (links, GET forms and `useSearchParams`
 * work as on the page), in a block with the language's direction. A GET form's submission
 * navigates within the test and renders `ui` again with the new address.
 */
export function renderInLanguage(
  language: Language,
  namespaces: Namespace[],
  ui: () => React.ReactNode,
  { path = '/' }: { path?: string } = {},
) {
  const messages = Object.assign({}, ...namespaces.map((namespace) => resources[language][namespace]));
  const t = createTranslator(language, messages);
  const dir = language === 'he' || language === 'yi' ? 'rtl' : 'ltr';
  const pathname = new URL(path, 'http://localhost').pathname;
  const Stub = createRoutesStub([
    {
      path: pathname,
      Component: () => (
        <TranslationContext.Provider value={{ language, t, messages }}>
          <div dir={dir} lang={language}>
            {ui()}
          </div>
        </TranslationContext.Provider>
      ),
    },
  ]);
  return { ...render(<Stub initialEntries={[path]} />), t };
}
