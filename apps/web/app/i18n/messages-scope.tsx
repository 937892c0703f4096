import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/root-data.ts';
import { createTranslator, type MessageTree } from './translator.ts';
import { TranslationContext, useTranslation } from './use-translation.ts';

/** Adds a page's own messages (a namespace its loader sent) to the site-wide ones, for its content. */
export function MessagesScope({ messages, children }: { messages: MessageTree; children: React.ReactNode }) {
  const { language } = useTranslation();
  const common = useRouteLoaderData<RootData>('root')?.messages;
  const value = useMemo(
    () => ({
      language,
      t: createTranslator(language as Parameters<typeof createTranslator>[0], { ...common, ...messages }),
    }),
    [language, common, messages],
  );
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}
