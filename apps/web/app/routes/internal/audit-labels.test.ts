import { AUDIT_ACTIONS } from '@app/core/staff/staff';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { describe, expect, it } from 'vitest';

/**
 * The audit page names each row's action by `audit.actions.<action, dots as underscores>`. Every
 * action the server may write is one of `AUDIT_ACTIONS` (the type of the audit writer's `action`,
 * and a CHECK of `audit_event.action`), so each must have its label in every language: a missing
 * one would show the key itself (partners, referrals, support, search, saved views and early
 * warnings were added after the page).
 */
describe('audit action labels', () => {
  it.each(LANGUAGE_CODES)('names every action the server writes (%s)', (language) => {
    const labels = resources[language].internal.audit.actions as Record<string, string>;
    const missing = AUDIT_ACTIONS.filter((action) => !labels[action.replaceAll('.', '_')]?.trim());
    expect(missing).toEqual([]);
  });

  it('has no label for an action that does not exist', () => {
    const known = new Set(AUDIT_ACTIONS.map((action) => action.replaceAll('.', '_')));
    for (const language of LANGUAGE_CODES) {
      const labels = Object.keys(resources[language].internal.audit.actions);
      expect(
        labels.filter((key) => !known.has(key)),
        language,
      ).toEqual([]);
    }
  });
});
