import type { Language } from '@app/locales/languages';
import { createContext } from 'react';
import type { MessageTree } from './translator.ts';

/**
 * The forms' messages (fields, steps, validation, the spam check: 20 KB in English, 38 KB in
 * Yiddish) travel as a static file per language, not in the page's inline loader data (decision
 * 0020, stop 39): a hashed name kept a year and precompressed, fetched once for every form page of
 * a language, and a form page's HTML that fits the first round trip of a slow connection. The
 * server renders with them (entry.server.tsx); the browser fetches them before it hydrates a form
 * page (entry.client.tsx, from the head's preload); a form page reached inside the site waits for
 * them (shared/forms/form-messages-scope.tsx). This part is the shell's: the files' addresses are
 * the form pages' own (shared/forms/form-messages-scope.tsx).
 */

/**
 * A form page's messages, given its language and its file: the server has every language
 * (entry.server.tsx provides them); the browser has the files fetched so far (the default).
 */
export type FormMessagesSource = (language: Language, url: string) => MessageTree | undefined;

type Fetched = Promise<MessageTree> & { messages?: MessageTree };
const files = new Map<string, Fetched>();

export const FormMessagesContext = createContext<FormMessagesSource>((_language, url) => files.get(url)?.messages);

/**
 * Fetches a file of form messages once (the head's preload has usually brought it). A failure is
 * not kept: the next call tries again.
 */
export function loadFormMessages(url: string): Promise<MessageTree> {
  let file = files.get(url);
  if (!file) {
    const fetching: Fetched = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`form messages: ${response.status}`);
      fetching.messages = (await response.json()) as MessageTree;
      return fetching.messages;
    });
    fetching.catch(() => files.delete(url));
    files.set(url, fetching);
    file = fetching;
  }
  return file;
}
