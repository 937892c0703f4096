import type { ReportDetail } from '@app/core/casework/casework-api';
import type { ReportReferrals } from '@app/core/casework/referrals';
import { isolate } from '@app/locales/bidi';
import { resources } from '@app/locales/resources';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { type ReferralFormAnswer, ReferralPanel } from './referral-panel.tsx';

afterEach(cleanup);

/** The referral panel (decision 0050): the reporter's answer decides what the form asks, or whether there is one. */

const MARKER = 'Politiezone Referral-panel-test';
const askFirst = { id: 'r1', sharingConsent: 'ask-first', reporterControl: null } as unknown as ReportDetail;
const said = (consent: string) => ({ ...askFirst, sharingConsent: consent }) as unknown as ReportDetail;

const referrals: ReportReferrals = {
  answerWorkingDays: 10,
  partners: [
    {
      id: 'p1',
      name: MARKER,
      kind: 'police-zone',
      contact: '',
      accepts: '',
      disabled: false,
      revision: 1,
      referrals: 0,
    },
  ],
  packs: [{ packId: 'k1', at: '2026-03-02T09:00:00.000Z', recipient: 'police', identityIncluded: false }],
  referrals: [
    {
      id: 'f1',
      partner: { id: 'p1', name: MARKER, kind: 'police-zone', disabled: false },
      packId: 'k1',
      identityIncluded: false,
      sentAt: '2026-03-02T10:30:00.000Z',
      referredBy: 'Cora',
      agreement: { on: '2026-03-01', via: 'phone' },
      reference: null,
      status: 'sent',
      outcome: null,
      firstAnswerAt: null,
      firstAnswerOn: null,
      closedAt: null,
      outcomeAt: null,
      revision: 1,
      answerDueAt: '2026-03-16T10:30:00.000Z',
      isOverdue: true,
    },
  ],
};

function show(report: ReportDetail, language: 'en' | 'he', answer?: ReferralFormAnswer) {
  const messages = resources[language].internal;
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <TranslationContext.Provider value={{ language, t: createTranslator(language, messages) }}>
          <ReferralPanel report={report} referrals={referrals} today="2026-03-17" answer={answer} />
        </TranslationContext.Provider>
      ),
    },
  ]);
  render(<Stub />);
  return messages.referrals;
}

describe('ReferralPanel (decision 0050)', () => {
  it.each(['en', 'he'] as const)(
    'after “ask me first” asks when and how the reporter agreed, beside the partner and the pack (%s)',
    (language) => {
      const words = show(askFirst, language);
      const form = screen.getByTestId('referral-form');
      const agreement = within(form).getByRole('group', { name: words.panel.agreementTitle });
      expect(within(agreement).getByLabelText(words.panel.agreedOn)).toHaveProperty('type', 'date');
      const via = within(agreement).getByRole('combobox', { name: words.panel.agreedVia });
      expect(within(via).getByRole('option', { name: words.channels.phone })).toBeTruthy();
      const partner = within(form).getByRole('combobox', { name: words.panel.partner });
      // The partner's name isolated: a Latin name keeps its place before the kind in Hebrew.
      expect(
        within(partner).getByRole('option', { name: `${isolate(MARKER)} (${words.kinds['police-zone']})` }),
      ).toBeTruthy();
      expect(within(form).getByRole('combobox', { name: words.panel.pack }).textContent).toContain(
        words.panel.withoutIdentity,
      );
      expect(within(form).getByRole('button', { name: words.panel.submit })).toHaveProperty('value', 'refer');
    },
  );

  it.each(['en', 'he'] as const)('shows the reason of a refusal in the staff member’s language (%s)', (language) => {
    show(askFirst, language, { error: 'evidencePack.askFirst', at: 1 });
    const alert = screen.getByRole('alert');
    // What this form asks for (the day and the way), not the pack's tick.
    expect(alert.textContent).toContain(resources[language].internal.referrals.panel.askFirstRefused);
    expect(alert.textContent).not.toContain(resources[language].internal.casework.evidencePack.errors.askFirst);
    // The agreement's fields are marked, described by the sentence, and the focus is on the first.
    const words = resources[language].internal.referrals;
    const form = screen.getByTestId('referral-form');
    const day = within(form).getByLabelText(words.panel.agreedOn);
    const via = within(form).getByRole('combobox', { name: words.panel.agreedVia });
    for (const field of [day, via]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
      expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(words.panel.askFirstRefused);
    }
    expect(document.activeElement).toBe(day);
    expect(within(form).getByRole('combobox', { name: words.panel.partner }).getAttribute('aria-invalid')).toBeNull();
    cleanup();
    // The day given but not the way: only the way is marked.
    show(askFirst, language, {
      error: 'referrals.agreementIncomplete',
      at: 2,
      draft: { agreedOn: '2026-03-16', agreedVia: '' },
    });
    expect(screen.getByRole('alert').textContent).toContain(words.errors.agreementIncomplete);
    expect(screen.getByLabelText(words.panel.agreedOn).getAttribute('aria-invalid')).toBeNull();
    const way = screen.getByRole('combobox', { name: words.panel.agreedVia });
    expect(way.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(way);
  });

  it.each(['en', 'he'] as const)('offers no form after a “no”, only why (%s)', (language) => {
    show(said('no'), language);
    expect(screen.queryByTestId('referral-form')).toBeNull();
    expect(screen.getByTestId('referral-refused').textContent).toBe(
      resources[language].internal.casework.evidencePack.errors.consentRefused,
    );
    // The referrals already made stay listed.
    expect(screen.getAllByTestId('referral')).toHaveLength(1);
  });

  it.each(['en', 'he'] as const)('lists a referral past its time with its status to update (%s)', (language) => {
    const words = show(said('yes'), language);
    // "Yes": nothing more to record about the reporter's agreement.
    expect(screen.queryByTestId('referral-agreement')).toBeNull();
    const [item] = screen.getAllByTestId('referral');
    if (!item) throw new Error('no referral listed');
    expect(item.textContent).toContain(MARKER);
    expect(within(item).getByTestId('referral-state').textContent).toContain(words.panel.overdue);
    expect(within(item).getByRole('combobox', { name: words.panel.status })).toHaveProperty('value', 'sent');
    expect(within(item).getByRole('textbox', { name: new RegExp(words.panel.reference) })).toBeTruthy();
    expect(within(item).getByRole('button', { name: words.panel.update })).toHaveProperty('value', 'referral-update');
    // The partner's first answer: a day, today by default, between the day it was sent and today.
    const answered = within(item).getByLabelText(words.panel.answeredOn);
    expect(answered).toMatchObject({ type: 'date', value: '2026-03-17', min: '2026-03-02', max: '2026-03-17' });
  });

  it.each(['en', 'he'] as const)('marks the answer day when it is refused (%s)', (language) => {
    const words = show(said('yes'), language, { error: 'referrals.answerBeforeSent', referral: 'f1', at: 4 });
    const answered = screen.getByLabelText(words.panel.answeredOn);
    expect(answered.getAttribute('aria-invalid')).toBe('true');
    const described = (answered.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(words.errors.answerBeforeSent);
  });
});
