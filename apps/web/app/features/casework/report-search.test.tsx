import type { SavedView } from '@app/core/casework/search';
import { isolate } from '@app/locales/bidi';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { ReportSearch, type SearchOutcome } from './report-search.tsx';

afterEach(cleanup);

/** Marker of this file's own words: nothing else on the page holds them. */
const MARKER = 'zqvsearch';

const VIEWS: SavedView[] = [
  {
    id: '0b9d6c1e-5a4f-4d7e-9b1a-2f6c3e8d9a01',
    name: `Online ${MARKER}`,
    filters: { sort: 'received-desc', type: 'online' },
    search: `tram ${MARKER}`,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: '1c0e7d2f-6b5a-4e8f-8c2b-3a7d4f9e0b12',
    name: 'חדשים',
    filters: { sort: 'received-desc', status: 'new' },
    search: '',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
];

function show(
  language: Language,
  props: { search?: string; total?: number; views?: SavedView[]; outcome?: SearchOutcome } = {},
) {
  const messages = resources[language].internal;
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
          <ReportSearch
            filter={{ sort: 'received-desc', page: 1, status: 'in_review' }}
            search={props.search ?? ''}
            total={props.total}
            views={props.views ?? VIEWS}
            outcome={props.outcome}
          />
        </TranslationContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
  return messages.search;
}

const formOf = (element: HTMLElement) => element.closest('form') as HTMLFormElement;
const hidden = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]),
  );

describe('ReportSearch', () => {
  it.each(['en', 'he'] as const)('a posted search box that keeps the filters shown (%s)', (language) => {
    const texts = show(language);
    const box = screen.getByRole('searchbox', { name: texts.label });
    expect(box.getAttribute('name')).toBe('search');
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    const form = formOf(box);
    // Posted: the words never go into the address.
    expect(form.getAttribute('method')).toBe('post');
    expect(hidden(form)).toMatchObject({ intent: 'search', status: 'in_review', sort: 'received-desc' });
    expect(within(form).getByRole('button', { name: texts.submit })).toBeTruthy();
    expect(screen.getByRole('search')).toBe(form);
  });

  it.each(['en', 'he'] as const)(
    'after a search: its words in the box, the count, and a link that clears it (%s)',
    (language) => {
      const texts = show(language, { search: `tram ${MARKER}`, total: 2 });
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: texts.label }).value).toBe(`tram ${MARKER}`);
      // Hebrew has a form of its own for two.
      const count =
        language === 'he'
          ? (resources.he.internal.search as unknown as Record<string, string>).results_two
          : texts.results_other.replace('{{count}}', '2');
      expect(screen.getByRole('status').textContent).toBe(count);
      const clear = screen.getByRole('link', { name: texts.clear });
      expect(clear.getAttribute('href')).toContain('status=in_review');
      expect(clear.getAttribute('href')).not.toContain(MARKER);
      // Saving keeps the search, in a posted field.
      const save = formOf(screen.getByRole('button', { name: texts.save }));
      expect(hidden(save)).toMatchObject({ intent: 'save-view', search: `tram ${MARKER}`, status: 'in_review' });
    },
  );

  it.each(['en', 'he'] as const)(
    "lists the member's views, opened by id, each with its delete form (%s)",
    (language) => {
      const texts = show(language);
      expect(screen.getByRole('heading', { name: texts.views })).toBeTruthy();
      const name = `Online ${MARKER}`;
      const open = screen.getByRole('link', { name: texts.open.replace('{{name}}', isolate(name)) });
      // The view's id, never its words, in the address.
      expect(open.getAttribute('href')).toBe(`/?view=${VIEWS[0]?.id}`);
      expect(open.getAttribute('href')).not.toContain('tram');
      const remove = screen.getByRole('button', { name: texts.deleteLabel.replace('{{name}}', isolate('חדשים')) });
      expect(hidden(formOf(remove))).toEqual({ intent: 'delete-view', view: VIEWS[1]?.id });
      expect(screen.getByRole('textbox', { name: texts.viewName }).getAttribute('name')).toBe('name');
    },
  );

  it.each(['en', 'he'] as const)('says when there is no view, and shows a refusal as its sentence (%s)', (language) => {
    const texts = show(language, { views: [], outcome: { intent: 'save-view', error: 'viewNameTaken', at: 1 } });
    expect(screen.getByText(texts.noViews)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(texts.errors.viewNameTaken);
  });
});
