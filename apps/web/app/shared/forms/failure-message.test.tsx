import { API_ERROR_CODES, type ApiErrorCode } from '@app/core/errors/error-codes';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, interpolate } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { submitToApi } from './api-client.ts';
import { FailureMessage } from './failure-message.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFailure(language: (typeof LANGUAGE_CODES)[number], code: ApiErrorCode) {
  const messages = { ...resources[language].common, ...resources[language].forms };
  render(
    <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
      <FailureMessage failure={{ code, file: 0 }} fileNames={['photo.jpg']} />
    </TranslationContext.Provider>,
  );
}

describe('FailureMessage', () => {
  it.each(LANGUAGE_CODES)('explains every code of the catalogue in its own words (%s)', (language) => {
    const forms = resources[language].forms.forms;
    for (const code of API_ERROR_CODES) {
      renderFailure(language, code);
      const alert = screen.getByRole('alert');
      expect(alert.textContent, code).toContain(forms.submitFailed);
      const sentence = interpolate((forms.errors as Record<string, string>)[code] ?? `missing ${code}`, {
        file: 'photo.jpg',
      });
      expect(alert.textContent, code).toContain(sentence);
      expect(alert.textContent, code).not.toContain('forms.errors.');
      cleanup();
    }
  });

  it('leaves field problems to the fields and the error summary', () => {
    const t = createTranslator('en', resources.en.forms);
    const { container } = render(
      <TranslationContext.Provider value={{ language: 'en', t }}>
        <FailureMessage failure={{ code: 'VALIDATION_FAILED', fields: { email: 'invalidEmail' } }} />
      </TranslationContext.Provider>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('submitToApi', () => {
  const answer = (status: number, body: string, type = 'application/json') =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })),
    );

  it('passes the code of the answer on, with its fields', async () => {
    answer(400, JSON.stringify({ error: { code: 'VALIDATION_FAILED', fields: { email: 'invalidEmail' } } }));
    expect(await submitToApi('/api/contact-messages', {})).toEqual({
      ok: false,
      failure: { code: 'VALIDATION_FAILED', fields: { email: 'invalidEmail' } },
    });
  });

  it.each([
    [403, '<html>Forbidden</html>', 'FORBIDDEN'],
    [404, 'Not Found', 'NOT_FOUND'],
    [409, '', 'CONFLICT'],
    [413, '<html>413 Request Entity Too Large</html>', 'BODY_TOO_LARGE'],
    [405, '', 'BAD_REQUEST'],
    [502, '<html>Bad Gateway</html>', 'SERVICE_UNAVAILABLE'],
    [500, 'oops', 'INTERNAL'],
  ])('gives an answer %i without a code of ours (%j) the general code %s', async (status, body, code) => {
    answer(status, body, 'text/html');
    expect(await submitToApi('/api/reports', {})).toEqual({ ok: false, failure: { code } });
  });

  it('does not pass on a code the catalogue does not know', async () => {
    answer(400, JSON.stringify({ error: { code: 'SOMETHING_NEW' } }));
    expect(await submitToApi('/api/reports', {})).toEqual({ ok: false, failure: { code: 'BAD_REQUEST' } });
  });

  it('says NETWORK when no answer came at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await submitToApi('/api/reports', {})).toEqual({ ok: false, failure: { code: 'NETWORK' } });
  });
});
