import { useMemo } from 'react';
import { createTranslator, type MessageTree } from './translator.ts';
import { TranslationContext, useTranslation } from './use-translation.ts';

/**
 * Adds messages a loader sent (a page's own texts, a form's namespace) to those of the enclosing
 * scope (the site-wide ones from the root, or a page scope around a form).
 */
export function MessagesScope({ messages, children }: { messages: MessageTree; children: React.ReactNode }) {
  const { language, messages: enclosing } = useTranslation();
  const value = useMemo(() => {
    const merged = { ...enclosing, ...messages };
    return {
      language,
      t: createTranslator(language as Parameters<typeof createTranslator>[0], merged),
      messages: merged,
    };
  }, [language, enclosing, messages]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}
