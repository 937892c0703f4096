import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { ReportForm } from './report-form.tsx';

const heading = () => screen.getByRole('heading', { level: 2 });
const progress = () => screen.getByRole('navigation', { name: 'Progress of the form' });

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

describe('the report form, step by step', () => {
  it('checks each step before the next, names what is missing and keeps what was typed', GUARD, async () => {
    const user = userEvent.setup();
    renderInLanguage('en', ['common', 'forms'], () => <ReportForm language="en" />, { path: '/incident-report' });
    expect(heading().textContent).toBe('Step 1 of 3 Personal Information');
    expect(within(progress()).getByText('1. Personal Information').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();

    // Nothing typed: the summary says what is missing, and no step is skipped.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const problems = await screen.findByRole('alert');
    expect(problems.textContent).toContain('Please give a phone number or an email address');
    expect(heading().textContent).toBe('Step 1 of 3 Personal Information');
    // The problem leads to its field.
    await user.click(within(problems).getByRole('button', { name: /phone number or an email address/ }));
    expect(screen.getByRole('textbox', { name: /Phone number/ }).getAttribute('aria-invalid')).toBe('true');

    // Anonymous: the personal fields go, and the next step takes the focus.
    await user.click(screen.getByRole('checkbox', { name: 'I want to stay anonymous' }));
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading().textContent).toBe('Step 2 of 3 Incident Details'));
    expect(document.activeElement).toBe(heading());
    // The step done is now a way back to it (the accessible name ends with "(completed)").
    expect(within(progress()).getByRole('button', { name: /^1\. Personal Information ?\(completed\)$/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const missing = within(await screen.findByRole('alert')).getAllByRole('button');
    expect(missing.map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['Date of the incident', 'Where did it happen?', 'What kind of incident was it?']),
    );
    await user.click(missing.find((item) => item.textContent === 'Where did it happen?') ?? document.body);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Where did it happen/ }));

    await user.type(screen.getByLabelText('Date of the incident'), '2025-06-01');
    screen.getByRole('textbox', { name: /Where did it happen/ }).focus();
    await user.paste('Kerkstraat 12, Antwerpen');
    await user.click(
      within(screen.getByRole('group', { name: 'What kind of incident was it?' })).getByRole('radio', {
        name: /Verbal/,
      }),
    );
    screen.getByRole('textbox', { name: /What happened/ }).focus();
    await user.paste('Someone shouted at us in the street.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading().textContent).toBe('Step 3 of 3 Additional Information'));
    expect(screen.getByRole('button', { name: 'Submit report' })).toBeTruthy();

    // Back to the first step from the progress list: the answers are still there.
    await user.click(within(progress()).getByRole('button', { name: /^1\. Personal Information/ }));
    await waitFor(() => expect(heading().textContent).toBe('Step 1 of 3 Personal Information'));
    expect(screen.getByRole('checkbox', { name: 'I want to stay anonymous' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading().textContent).toBe('Step 2 of 3 Incident Details'));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /What happened/ }).value).toBe(
      'Someone shouted at us in the street.',
    );
  });

  it('speaks Hebrew, right to left, with the same steps', GUARD, async () => {
    const user = userEvent.setup();
    const { container } = renderInLanguage('he', ['common', 'forms'], () => <ReportForm language="he" />, {
      path: '/he/incident-report',
    });
    expect(heading().textContent).toBe('שלב 1 מתוך 3 פרטים אישיים');
    expect(container.querySelector('[dir="rtl"]')?.contains(heading())).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'אני רוצה להישאר בעילום שם' }));
    await user.click(screen.getByRole('button', { name: 'הבא' }));
    await waitFor(() => expect(heading().textContent).toBe('שלב 2 מתוך 3 פרטי האירוע'));
    expect(screen.getByRole('button', { name: 'הקודם' })).toBeTruthy();
  });
});
