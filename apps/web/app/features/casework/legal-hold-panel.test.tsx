import type { ReportDetail } from '@app/core/casework/casework-api';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { LegalHoldPanel } from './legal-hold-panel.tsx';

afterEach(cleanup);

const base = { personalDataErasedAt: null } as unknown as ReportDetail;
const held: ReportDetail = {
  ...base,
  retention: {
    legalHold: {
      reason: 'Zaak AN.12.34',
      setAt: '2025-10-01T09:00:00.000Z',
      setBy: 'Rachel',
      reviewedAt: null,
      reviewDueAt: '2026-10-01T09:00:00.000Z',
      reviewDue: true,
    },
    erasureDueAt: null,
  },
};
const due: ReportDetail = { ...base, retention: { legalHold: null, erasureDueAt: '2026-12-10T02:00:00.000Z' } };

function show(report: ReportDetail, language: (typeof LANGUAGE_CODES)[number]) {
  const messages = resources[language].internal;
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
          <LegalHoldPanel report={report} />
        </TranslationContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
  return messages.casework.retention;
}

describe('LegalHoldPanel', () => {
  it.each(LANGUAGE_CODES)('offers a labelled reason and the button to set a hold (%s)', (language) => {
    const texts = show(due, language);
    expect(screen.getByRole('heading', { name: texts.title })).toBeTruthy();
    const reason = screen.getByRole('textbox', { name: texts.reasonLabel });
    expect(reason.getAttribute('name')).toBe('reason');
    expect(reason.getAttribute('aria-describedby')).toBeTruthy();
    const button = screen.getByRole('button', { name: texts.set });
    expect(button.getAttribute('value')).toBe('hold-set');
    expect(screen.queryByRole('button', { name: texts.lift })).toBeNull();
  });

  it.each(LANGUAGE_CODES)('shows a held case with its reason, its review due, and review and lift (%s)', (language) => {
    const texts = show(held, language);
    expect(screen.getByText('Zaak AN.12.34')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(texts.reviewOverdue);
    expect(screen.getByRole('button', { name: texts.review }).getAttribute('value')).toBe('hold-review');
    expect(screen.getByRole('button', { name: texts.lift }).getAttribute('value')).toBe('hold-lift');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
