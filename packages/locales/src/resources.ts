// Every message of every language, for the server. The browser never imports this file:
// it receives the messages of the page's language from the root loader.
import enCommon from '../en/common.json' with { type: 'json' };
import enEmails from '../en/emails.json' with { type: 'json' };
import enForms from '../en/forms.json' with { type: 'json' };
import enInternal from '../en/internal.json' with { type: 'json' };
import frCommon from '../fr/common.json' with { type: 'json' };
import frEmails from '../fr/emails.json' with { type: 'json' };
import frForms from '../fr/forms.json' with { type: 'json' };
import frInternal from '../fr/internal.json' with { type: 'json' };
import heCommon from '../he/common.json' with { type: 'json' };
import heEmails from '../he/emails.json' with { type: 'json' };
import heForms from '../he/forms.json' with { type: 'json' };
import heInternal from '../he/internal.json' with { type: 'json' };
import nlCommon from '../nl/common.json' with { type: 'json' };
import nlEmails from '../nl/emails.json' with { type: 'json' };
import nlForms from '../nl/forms.json' with { type: 'json' };
import nlInternal from '../nl/internal.json' with { type: 'json' };
import yiCommon from '../yi/common.json' with { type: 'json' };
import yiEmails from '../yi/emails.json' with { type: 'json' };
import yiForms from '../yi/forms.json' with { type: 'json' };
import yiInternal from '../yi/internal.json' with { type: 'json' };
import type { Language } from './languages.ts';

export type Messages = typeof enCommon;
export type FormMessages = typeof enForms;
export type EmailMessages = typeof enEmails;
export type InternalMessages = typeof enInternal;

/**
 * `common` goes to the browser with every page; `forms` only with the pages that have a form;
 * `emails` stays on the server (staff notifications); `internal` goes with the staff area's pages.
 */
export const resources: Record<
  Language,
  { common: Messages; forms: FormMessages; emails: EmailMessages; internal: InternalMessages }
> = {
  en: { common: enCommon, forms: enForms, emails: enEmails, internal: enInternal },
  fr: { common: frCommon, forms: frForms, emails: frEmails, internal: frInternal },
  nl: { common: nlCommon, forms: nlForms, emails: nlEmails, internal: nlInternal },
  he: { common: heCommon, forms: heForms, emails: heEmails, internal: heInternal },
  yi: { common: yiCommon, forms: yiForms, emails: yiEmails, internal: yiInternal },
};
