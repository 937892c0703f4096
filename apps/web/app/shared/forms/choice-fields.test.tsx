import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { CheckboxField, ChoiceGroup, YesNoField } from './choice-fields.tsx';

type Answers = { calledPolice: string; sharing: string; terms: boolean };

/** A small form of the three choice fields, each required, run by react-hook-form as the report form is. */
function ChoiceForm() {
  const form = useForm<Answers>({ defaultValues: { calledPolice: '', sharing: '', terms: false } });
  const { errors } = form.formState;
  const [sent, setSent] = useState<Answers>();
  return (
    <form onSubmit={form.handleSubmit(setSent)} noValidate>
      <YesNoField
        legend="Did you call the police?"
        hint="If you went to a police station, that counts too."
        registration={form.register('calledPolice', { required: true })}
        error={errors.calledPolice}
      />
      <ChoiceGroup
        legend="May we pass your report on?"
        layout="cards"
        registration={form.register('sharing', { required: true })}
        error={errors.sharing}
        options={[
          { value: 'yes', label: 'Yes', description: 'To the police or to Unia.' },
          { value: 'ask-first', label: 'Ask me first' },
        ]}
      />
      <CheckboxField
        label="I accept the terms of use"
        registration={form.register('terms', { required: true })}
        error={errors.terms}
      />
      <button type="submit">Send</button>
      {sent && <output>{JSON.stringify(sent)}</output>}
    </form>
  );
}

/** The text an element's aria-describedby points to, as a screen reader reads it after the name. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

describe('the choice fields', () => {
  it('name each group by its question, say what is missing, and send what was chosen', GUARD, async () => {
    const user = userEvent.setup();
    renderInLanguage('en', ['common', 'forms'], () => <ChoiceForm />);
    const police = screen.getByRole('group', { name: 'Did you call the police?' });
    expect(
      within(police)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    expect(within(police).getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect(description(police)).toBe('If you went to a police station, that counts too.');
    expect(police.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const sharing = screen.getByRole('group', { name: 'May we pass your report on?' });
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms of use' });
    for (const field of [police, sharing, terms]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(description(field)).toContain('This field is required.');
    }
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(within(police).getByRole('radio', { name: 'No' }));
    // A card's description is part of what the option says.
    await user.click(within(sharing).getByText('To the police or to Unia.'));
    await user.click(screen.getByText('I accept the terms of use'));
    expect(terms).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(JSON.parse((await screen.findByRole('status')).textContent ?? '')).toEqual({
      calledPolice: 'no',
      sharing: 'yes',
      terms: true,
    });
    expect(police.getAttribute('aria-invalid')).toBeNull();
    expect(description(police)).not.toContain('This field is required.');
  });

  it('answer yes or no in the language of the page, right to left in Yiddish', GUARD, () => {
    const { container } = renderInLanguage('yi', ['common', 'forms'], () => <ChoiceForm />);
    const police = screen.getByRole('group', { name: 'Did you call the police?' });
    expect(
      within(police)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['יאָ', 'ניין']);
    expect(container.querySelector('[dir="rtl"]')?.contains(police)).toBe(true);
  });
});
