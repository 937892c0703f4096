import { resources } from '@app/locales/resources';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import { TranslationContext } from '../i18n/use-translation.ts';
import { ErrorView } from './error-view.tsx';

function renderAt(path: string, status: number, language: 'en' | 'he' = 'en') {
  const Stub = createRoutesStub([{ path: '*', Component: () => <ErrorView status={status} /> }]);
  render(
    <TranslationContext.Provider value={{ language, t: createTranslator(language, resources[language].common) }}>
      <Stub initialEntries={[path]} />
    </TranslationContext.Provider>,
  );
}

describe('ErrorView', () => {
  it('shows the not-found view for 404: status code, status message and the path asked for', () => {
    renderAt('/contact/oops', 404);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(screen.getByText('/contact/oops').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the server-error view for any other status, with the generic message', () => {
    renderAt('/he/incidents', 500, 'he');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(resources.he.common.errors.server.title);
    expect(screen.getByText('שגיאה 500')).toBeTruthy();
    expect(screen.getByText(resources.he.common.errors.server.statusMessage)).toBeTruthy();
    expect(screen.getByText(resources.he.common.errors.server.description)).toBeTruthy();
    expect(screen.getByRole('link', { name: resources.he.common.errors.server.backHome }).getAttribute('href')).toBe(
      '/he',
    );
  });
});
