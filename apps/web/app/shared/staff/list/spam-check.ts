import type { Translate } from '../../../i18n/translator.ts';
import type { FilterControl } from './filter-form.tsx';

/**
 * The "automatic check" filter of the report list and the inbox: reports and messages sent with
 * the proof of work, or without it (JavaScript off, decision 0021).
 */
export function spamCheckControl(t: Translate): FilterControl {
  return {
    label: t('casework.spamCheck'),
    any: t('casework.anyCheck'),
    option: (value) => t(value === 'proof-of-work' ? 'casework.withCheck' : 'casework.withoutCheck'),
  };
}
