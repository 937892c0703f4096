import type { ReportDetail } from '@app/core/casework/casework-api';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { AccessLogPanel } from './access-log-panel.tsx';

afterEach(cleanup);

const looked = {
  accessLog: [
    { at: '2026-11-27T10:05:00.000Z', memberName: 'Ada', what: 'identity' },
    { at: '2026-11-27T10:04:00.000Z', memberName: null, what: 'file' },
    { at: '2026-11-27T10:03:00.000Z', memberName: 'Cora', what: 'report' },
  ],
} as unknown as ReportDetail;

function show(report: ReportDetail, language: (typeof LANGUAGE_CODES)[number]) {
  const messages = resources[language].internal;
  render(
    <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
      <AccessLogPanel report={report} />
    </TranslationContext.Provider>,
  );
}

describe('AccessLogPanel (decision 0049)', () => {
  it.each(LANGUAGE_CODES)(
    'lists who looked at what, newest first, in a table named by its heading (%s)',
    (language) => {
      show(looked, language);
      const words = resources[language].internal.casework.accessLog;
      const table = screen.getByRole('table', { name: words.title });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining(`Ada${words.looks.identity}`),
        expect.stringContaining(`${words.formerMember}${words.looks.file}`),
        expect.stringContaining(`Cora${words.looks.report}`),
      ]);
    },
  );

  it('shows nothing when the server sent no list: every role but admin', () => {
    show({} as ReportDetail, 'en');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says so when nobody has looked yet', () => {
    show({ accessLog: [] } as unknown as ReportDetail, 'en');
    expect(screen.getByText('Nobody has opened this report yet.')).toBeTruthy();
  });
});
