import { createContext, useContext } from 'react';
import type { MessageTree, Translate } from './translator.ts';

export type TranslationContextValue = {
  language: string;
  t: Translate;
  /** The messages `t` reads, so that a nested scope can add its own to them. */
  messages?: MessageTree;
};

export const TranslationContext = createContext<TranslationContextValue>({ language: 'en', t: (key) => key });

/** The translate function of the page's language. */
export function useTranslation(): TranslationContextValue {
  return useContext(TranslationContext);
}
