import type { ReportSupport } from '@app/core/casework/support';
import { resources } from '@app/locales/resources';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { type SupportFormAnswer, SupportPanel } from './support-panel.tsx';

afterEach(cleanup);

/** The support panel (decision 0053): needs, support given, the safety plan only when sent, the reporter's answer. */

const MARKER = 'Support-panel-test';
const support: ReportSupport = {
  needs: ['legal', 'psychological'],
  services: [
    {
      id: 's1',
      need: 'legal',
      description: `Advies over een klacht ${MARKER}`,
      provider: 'partner',
      providerName: 'Slachtofferhulp Gent',
      givenOn: '2026-03-02',
      recordedAt: '2026-03-02T10:00:00.000Z',
      withdrawn: null,
    },
    {
      id: 's2',
      need: 'psychological',
      description: 'Gesprek',
      provider: 'staff',
      providerName: 'Cora',
      givenOn: '2026-03-03',
      recordedAt: '2026-03-03T10:00:00.000Z',
      withdrawn: { at: '2026-03-04T10:00:00.000Z', by: 'Cora', reason: `Dubbel ${MARKER}` },
    },
  ],
  safetyPlan: `Veilige route ${MARKER}`,
  revision: 4,
  feedback: { askedAt: '2026-03-10T09:00:00.000Z', answeredAt: '2026-03-11T09:00:00.000Z', rating: 4, words: null },
  members: [{ id: 'm1', name: 'Cora' }],
  partners: [{ id: 'p1', name: 'Slachtofferhulp Gent' }],
};

function show(language: 'en' | 'he', shown: ReportSupport = support, answer?: SupportFormAnswer) {
  const messages = resources[language].internal;
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
          <SupportPanel support={shown} today="2026-03-17" answer={answer} />
        </TranslationContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
  return messages.support;
}

describe('SupportPanel (decision 0053)', () => {
  it.each(['en', 'he'] as const)('shows the needs, the support given, the plan and the answer (%s)', (language) => {
    const words = show(language);
    const needs = within(screen.getByTestId('support-needs')).getByRole('group', { name: words.panel.needs });
    expect(within(needs).getByRole('checkbox', { name: words.needs.legal })).toHaveProperty('checked', true);
    expect(within(needs).getByRole('checkbox', { name: words.needs.practical })).toHaveProperty('checked', false);
    expect(within(screen.getByTestId('support-services')).getByText(`Advies over een klacht ${MARKER}`)).toBeTruthy();
    const form = screen.getByTestId('support-service-form');
    const need = within(form).getByRole('combobox', { name: words.panel.need });
    expect(
      within(need)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([words.needs.legal, words.needs.psychological]);
    expect(
      within(screen.getByTestId('safety-plan-form')).getByLabelText(words.panel.safetyPlan, { exact: false }),
    ).toHaveProperty('value', `Veilige route ${MARKER}`);
    expect(screen.getByTestId('support-feedback').textContent).toContain('4');
  });

  it.each(['en', 'he'] as const)('without the plan sent, shows no plan form at all (%s)', (language) => {
    const { safetyPlan: _plan, ...withoutPlan } = support;
    show(language, withoutPlan);
    expect(screen.queryByTestId('safety-plan-form')).toBeNull();
    expect(document.body.textContent).not.toContain('Veilige route');
  });

  it.each(['en', 'he'] as const)('shows a refusal in its own form, and asks for a need first (%s)', (language) => {
    const words = show(
      language,
      { ...support, needs: [], services: [] },
      {
        intent: 'support-needs',
        error: 'support.needInUse',
        at: 1,
      },
    );
    expect(within(screen.getByTestId('support-needs')).getByText(words.errors.needInUse)).toBeTruthy();
    expect(screen.queryByTestId('support-service-form')).toBeNull();
    expect(screen.getByText(words.panel.needsFirst)).toBeTruthy();
  });

  it.each(['en', 'he'] as const)(
    'offers to withdraw a standing service, named for a screen reader; shows a withdrawn one with who and why (%s)',
    (language) => {
      const words = show(language);
      const services = within(screen.getByTestId('support-services')).getAllByRole('listitem');
      const [standing, withdrawn] = services as [HTMLElement, HTMLElement];
      const name = words.panel.serviceName.replace('{{need}}', words.needs.legal).replace('{{date}}', '');
      const button = within(standing).getByRole('button', {
        name: new RegExp(`^${words.panel.withdrawSubmit}`),
        hidden: true,
      });
      expect(button.getAttribute('aria-label')).toContain(name.replace(/,\s*$/, ''));
      const form = within(standing).getByTestId('support-withdraw-form');
      expect(within(form).getByDisplayValue('s1', { exact: true }).getAttribute('name')).toBe('service');
      expect(within(standing).queryByTestId('support-withdrawn')).toBeNull();
      expect(within(withdrawn).getByTestId('support-withdrawn').textContent).toContain(`Dubbel ${MARKER}`);
      expect(within(withdrawn).getByTestId('support-withdrawn').textContent).toContain(words.panel.withdrawnTag);
      expect(within(withdrawn).queryByTestId('support-withdraw-form')).toBeNull();
    },
  );

  it('marks the reason field when a withdrawal is refused for it, and opens that service only', () => {
    const words = show('en', support, {
      intent: 'support-withdraw',
      error: 'support.withdrawalReasonRequired',
      draft: { service: 's1', reason: '' },
      at: 1,
    });
    const form = screen.getByTestId('support-withdraw-form');
    const reason = within(form).getByRole('textbox', { name: words.panel.withdrawReason });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const described = (reason.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent ?? '');
    expect(messages).toContain(words.errors.withdrawalReasonRequired);
    expect(within(form).getByRole('alert').textContent).toContain(words.errors.withdrawalReasonRequired);
    expect(form.closest('details')?.open).toBe(true);
  });
});

describe('SupportPanel: the form for support given', () => {
  it('starts empty again once a service is recorded, and keeps what was typed when it is refused', async () => {
    const messages = resources.en.internal;
    let setShown: (next: { support: ReportSupport; answer?: SupportFormAnswer }) => void = () => {};
    const Panel = () => {
      const [shown, set] = useState<{ support: ReportSupport; answer?: SupportFormAnswer }>({ support });
      setShown = set;
      return (
        <TranslationContext.Provider value={{ language: 'en', t: createTranslator('en', messages) }}>
          <SupportPanel support={shown.support} today="2026-03-17" answer={shown.answer} />
        </TranslationContext.Provider>
      );
    };
    const Stub = createRoutesStub([{ path: '*', Component: Panel }]);
    render(<Stub />);
    const description = () =>
      within(screen.getByTestId('support-service-form')).getByRole('textbox', {
        name: new RegExp(`^${messages.support.panel.description}`),
      }) as HTMLInputElement;
    fireEvent.change(description(), { target: { value: `Begeleiding ${MARKER}` } });
    // Refused (the page hands the draft back): what was typed stays.
    act(() =>
      setShown({
        support,
        answer: {
          intent: 'support-service',
          error: 'support.needInUse',
          at: 2,
          draft: { description: `Begeleiding ${MARKER}` },
        },
      }),
    );
    expect(description().value).toBe(`Begeleiding ${MARKER}`);
    // Recorded: the page comes back with one more service, and the form is ready for the next.
    const recorded = {
      ...support.services[0],
      id: 's3',
      description: `Begeleiding ${MARKER}`,
    } as ReportSupport['services'][number];
    act(() => setShown({ support: { ...support, services: [...support.services, recorded], revision: 5 } }));
    expect(description().value).toBe('');
  });
});
