import { createContext, useContext } from 'react';
import type { Translate } from './translator.ts';

export type TranslationContextValue = { language: string; t: Translate };

export const TranslationContext = createContext<TranslationContextValue>({ language: 'en', t: (key) => key });

/** The translate function of the page's language. */
export function useTranslation(): TranslationContextValue {
  return useContext(TranslationContext);
}
