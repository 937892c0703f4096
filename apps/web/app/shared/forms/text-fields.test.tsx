import { DESCRIPTION_MAX_LENGTH } from '@app/core/forms/limits';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen } from '@testing-library/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from '../../i18n/format.ts';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { ErrorSummary } from './error-summary.tsx';
import { TextAreaField } from './text-fields.tsx';

afterEach(cleanup);

const registration: UseFormRegisterReturn = {
  name: 'description',
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
};

function inLanguage(language: Language, children: React.ReactNode) {
  const t = createTranslator(language, { ...resources[language].common, ...resources[language].forms });
  return render(<TranslationContext.Provider value={{ language, t }}>{children}</TranslationContext.Provider>);
}

describe('the character count and the length limit', () => {
  it('agree with the number and write it in the locale (French: 1 caractère, 5 000)', () => {
    const { container } = inLanguage(
      'fr',
      <TextAreaField
        label="Description"
        registration={registration}
        maxLength={5000}
        length={1}
        error={{ type: 'tooLong', message: 'tooLong' }}
      />,
    );
    expect(container.querySelector('.form-field__count')?.textContent).toBe('1 caractère sur 5\u202f000');
    expect(container.querySelector('.form-field__error')?.textContent).toBe(
      'Ce texte est trop long\u00a0: 5\u202f000 caractères au maximum.',
    );
  });

  it('gives the limit in the error summary too (Dutch)', () => {
    inLanguage(
      'nl',
      <ErrorSummary
        errors={{ description: { type: 'tooLong', message: 'tooLong' } }}
        labels={{ description: 'Wat is er gebeurd?' }}
        order={['description']}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      `maximaal ${formatNumber(DESCRIPTION_MAX_LENGTH, 'nl')} tekens`,
    );
  });
});
