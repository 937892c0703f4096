import { resources } from '@app/locales/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { SupportQuestion } from './support-question.tsx';

afterEach(cleanup);

/** The support question on the follow-up page (decision 0053): a plain form until answered, then the answer. */

const asked = { askedAt: '2026-03-10T09:00:00.000Z', answeredAt: null, rating: null };

function show(language: 'en' | 'he', props: Partial<Parameters<typeof SupportQuestion>[0]> = {}) {
  const messages = resources[language].forms;
  render(
    <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
      <SupportQuestion support={asked} language={language} answered={false} {...props} />
    </TranslationContext.Provider>,
  );
  return messages.followUp;
}

describe('SupportQuestion (decision 0053)', () => {
  it.each(['en', 'he'] as const)(
    'is a plain form to the server with five answers and optional words (%s)',
    (language) => {
      const words = show(language);
      const form = screen.getByTestId('support-question').querySelector('form');
      expect(form?.getAttribute('method')).toBe('post');
      expect(form?.getAttribute('action')).toBe('/api/follow-up/support-answer');
      expect(form?.querySelector<HTMLInputElement>('input[name="language"]')?.value).toBe(language);
      const group = screen.getByRole('group', { name: words.support.question });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => (radio as HTMLInputElement).value),
      ).toEqual(['1', '2', '3', '4', '5']);
      expect(within(group).getByRole('radio', { name: words.support.ratings['5'] })).toBeTruthy();
      expect(screen.getByLabelText(words.support.words)).toHaveProperty('required', false);
    },
  );

  it.each(['en', 'he'] as const)('shows the refusal on the answers (%s)', (language) => {
    const words = show(language, { error: 'SUPPORT_RATING_REQUIRED' });
    expect(screen.getByText(words.errors.SUPPORT_RATING_REQUIRED)).toBeTruthy();
    expect(screen.getAllByRole('radio')[0]?.getAttribute('aria-invalid')).toBe('true');
  });

  it.each(['en', 'he'] as const)('once answered, shows the answer and no form (%s)', (language) => {
    show(language, { support: { ...asked, answeredAt: '2026-03-11T09:00:00.000Z', rating: 3 }, answered: true });
    expect(screen.queryByRole('radio')).toBeNull();
    const answer = screen.getByTestId('support-answered');
    expect(answer.getAttribute('role')).toBe('status');
    expect(answer.textContent).toContain('3');
  });
});
