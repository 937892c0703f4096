import enForms from '@app/locales/en/forms.json?url';
import frForms from '@app/locales/fr/forms.json?url';
import heForms from '@app/locales/he/forms.json?url';
import type { Language } from '@app/locales/languages';
import nlForms from '@app/locales/nl/forms.json?url';
import yiForms from '@app/locales/yi/forms.json?url';
import { use, useContext } from 'react';
import { FormMessagesContext, loadFormMessages } from '../../i18n/form-messages.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import type { MessageTree } from '../../i18n/translator.ts';

/** Each language's file of form messages (i18n/form-messages.ts). */
const FILES: Record<Language, string> = { en: enForms, fr: frForms, nl: nlForms, he: heForms, yi: yiForms };

const waiting = new Map<string, Promise<MessageTree>>();

/**
 * A form page's messages that are not here yet (a page reached inside the site): one promise per
 * language, which the page waits for (React keeps the last page on screen meanwhile). Should they
 * not come, the page is asked for as a whole document, which the server renders complete (and which
 * works as without JavaScript if they still do not come: entry.client.tsx).
 */
function awaitedFormMessages(url: string): Promise<MessageTree> {
  let pending = waiting.get(url);
  if (!pending) {
    pending = loadFormMessages(url).catch(() => {
      window.location.reload();
      return new Promise<never>(() => {});
    });
    waiting.set(url, pending);
  }
  return pending;
}

/** The page's texts with the forms' messages added (their keys at the top, as in the file). */
export function FormMessagesScope({ language, children }: { language: Language; children: React.ReactNode }) {
  // The server has every language; the browser has them before it hydrates a form page, and waits
  // for them on a form page it navigates to.
  const url = FILES[language];
  const messages = useContext(FormMessagesContext)(language, url) ?? use(awaitedFormMessages(url));
  return (
    <MessagesScope messages={messages}>
      {/* React puts it in the head: the browser fetches the file with the page's first requests, and
          entry.client.tsx finds it there before it hydrates. */}
      <link rel="preload" as="fetch" href={url} crossOrigin="anonymous" data-form-messages="" />
      {children}
    </MessagesScope>
  );
}
