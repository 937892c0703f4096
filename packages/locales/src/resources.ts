// Every message of every language, for the server. The browser never imports this file:
// it receives the messages of the page's language from the root loader.
import enCommon from '../en/common.json' with { type: 'json' };
import frCommon from '../fr/common.json' with { type: 'json' };
import heCommon from '../he/common.json' with { type: 'json' };
import nlCommon from '../nl/common.json' with { type: 'json' };
import yiCommon from '../yi/common.json' with { type: 'json' };
import type { Language } from './languages.ts';

export type Messages = typeof enCommon;
export const NAMESPACES = ['common'] as const;

export const resources: Record<Language, { common: Messages }> = {
  en: { common: enCommon },
  fr: { common: frCommon },
  nl: { common: nlCommon },
  he: { common: heCommon },
  yi: { common: yiCommon },
};
