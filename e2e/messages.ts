import enCommon from '../packages/locales/en/common.json' with { type: 'json' };
import enForms from '../packages/locales/en/forms.json' with { type: 'json' };
import frCommon from '../packages/locales/fr/common.json' with { type: 'json' };
import frForms from '../packages/locales/fr/forms.json' with { type: 'json' };
import heCommon from '../packages/locales/he/common.json' with { type: 'json' };
import heForms from '../packages/locales/he/forms.json' with { type: 'json' };
import nlCommon from '../packages/locales/nl/common.json' with { type: 'json' };
import nlForms from '../packages/locales/nl/forms.json' with { type: 'json' };
import yiCommon from '../packages/locales/yi/common.json' with { type: 'json' };
import yiForms from '../packages/locales/yi/forms.json' with { type: 'json' };

/** The site's own messages, so that tests in every language expect exactly what people read. */
export const MESSAGES = {
  en: { ...enCommon, ...enForms },
  fr: { ...frCommon, ...frForms },
  nl: { ...nlCommon, ...nlForms },
  he: { ...heCommon, ...heForms },
  yi: { ...yiCommon, ...yiForms },
};
