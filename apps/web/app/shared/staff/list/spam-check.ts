import type { ReportSpamCheck } from '@app/core/forms/plain-forms';
import type { Translate } from '../../../i18n/translator.ts';
import type { FilterControl } from './filter-form.tsx';

/** Each way a report or message was checked, by its words (`casework.*`). */
const SPAM_CHECK_LABELS = {
  'proof-of-work': 'casework.withCheck',
  'form-token': 'casework.withoutCheck',
  'staff-recorded': 'casework.staffRecordedCheck',
} as const satisfies Record<ReportSpamCheck, string>;

/**
 * The "automatic check" filter of the report list and the inbox: reports and messages sent with
 * the proof of work, or without it (JavaScript off, decision 0021), and reports a staff member
 * recorded, which no check applies to (decision 0057).
 */
export function spamCheckControl(t: Translate): FilterControl {
  return {
    label: t('casework.spamCheck'),
    any: t('casework.anyCheck'),
    option: (value) => {
      const key = SPAM_CHECK_LABELS[value as ReportSpamCheck];
      return key ? t(key) : value;
    },
  };
}
