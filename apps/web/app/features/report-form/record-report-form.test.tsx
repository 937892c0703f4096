import { resources } from '@app/locales/resources';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { RecordedReport, RecordReportForm } from './record-report-form.tsx';

/** The staff page's form for a report from another channel (decision 0051), in English and in Hebrew. */

const RECEIPT = '4711080215937264';

/** The page after a report was recorded, in `language`, with the receipt made (or none). */
function renderRecorded(language: 'en' | 'he', receipt: string | null) {
  renderInLanguage(
    language,
    ['forms', 'internal'],
    () => (
      <RecordedReport
        answer={{
          state: 'recorded',
          reportId: '0b7f7a52-5a39-4f5e-9d51-8c1f3c1e2a11',
          receipt,
          language,
          host: 'example.test',
          slip: { receipt: resources[language].forms.receipt },
        }}
      />
    ),
    { path: '/internal/reports/new' },
  );
}

describe('recording a report from another channel', () => {
  it('asks the web form’s own questions, the channel and whether a receipt is wanted (English)', () => {
    renderInLanguage('en', ['forms', 'internal'], () => <RecordReportForm staffLanguage="en" />, {
      path: '/internal/reports/new',
    });
    const channel = screen.getByRole('combobox', { name: 'How it reached us' });
    const offered = within(channel)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Every channel but the web form itself.
    expect(offered).toEqual([
      'Choose…',
      'Phone',
      'In person',
      'Email',
      'WhatsApp',
      'Signal',
      'Police',
      'Partner organisation',
      'Press',
      'Online monitoring',
      'Patrol',
    ]);
    expect(screen.getByRole('combobox', { name: 'The person’s language' })).toHaveProperty('value', 'en');
    // The web form's questions, as they are written.
    expect(screen.getByRole('textbox', { name: /What happened\?/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'May we pass your report on to the police or to Unia?' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I told the person how we handle their report/ })).toBeTruthy();
    const receipt = screen.getByRole('group', { name: 'Does the person want a receipt?' });
    expect(within(receipt).getByRole('radio', { name: 'No receipt' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Record the report' })).toBeTruthy();
  });

  it('shows the problems the server found with the web form’s own words, and keeps what was typed (English)', async () => {
    renderInLanguage(
      'en',
      ['forms', 'internal'],
      () => (
        <RecordReportForm
          staffLanguage="en"
          answer={{
            state: 'editing',
            values: {
              report: {
                anonymous: true,
                firstName: '',
                lastName: '',
                phone: '',
                email: '',
                address: '',
                date: '2999-01-01',
                time: '',
                location: 'Kerkstraat 12',
                type: 'verbal',
                onlineUrl1: '',
                onlineUrl2: '',
                onlineUrl3: '',
                onlineUrl4: '',
                onlineUrl5: '',
                onlinePlatform: '',
                description: 'Shouted at',
                threatOngoing: '',
                calledPolice: 'no',
                policeReportNumber: '',
                calledOrganisation: 'no',
                medicalTreatment: 'no',
                sharingConsent: 'no',
                termsAccepted: true,
              },
              source: '',
              language: 'he',
              receipt: 'yes',
            },
            errors: { source: 'required', date: 'futureDate', receipt: 'invalidChoice' },
          }}
        />
      ),
      { path: '/internal/reports/new' },
    );
    const summary = screen.getByRole('alert');
    const named = within(summary)
      .getAllByRole('button')
      .map((item) => item.textContent);
    expect(named).toEqual(expect.arrayContaining(['How it reached us']));
    expect(summary.textContent).toContain(resources.en.forms.validation.futureDate);
    expect(screen.getByRole('combobox', { name: /How it reached us/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Where did it happen/ })).toHaveProperty('value', 'Kerkstraat 12');
    expect(screen.getByRole('combobox', { name: /The person’s language/ })).toHaveProperty('value', 'he');
    expect(screen.getByRole('radio', { name: 'Yes, make a receipt' })).toHaveProperty('checked', true);
    // The list of problems takes the focus (the answer came from the server, the person is at the
    // button below); its entry for the receipt leads to the receipt's first choice.
    await waitFor(() => expect(document.activeElement).toBe(summary));
    fireEvent.click(within(summary).getByRole('button', { name: /receipt/ }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes, make a receipt' }));
    expect(screen.getByRole('group', { name: 'Does the person want a receipt?' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('offers the channels in Hebrew', () => {
    renderInLanguage('he', ['forms', 'internal'], () => <RecordReportForm staffLanguage="he" />, {
      path: '/internal/reports/new',
    });
    const channel = screen.getByRole('combobox', { name: resources.he.internal.recordReport.fields.source });
    expect(within(channel).getByRole('option', { name: 'טלפון' })).toBeTruthy();
    expect(within(channel).queryByRole('option', { name: 'טופס באתר' })).toBeNull();
    expect(screen.getByRole('button', { name: resources.he.internal.recordReport.submit })).toBeTruthy();
  });

  it('shows the receipt once, in groups of four, on a slip in the person’s language and direction (Hebrew)', () => {
    renderRecorded('he', RECEIPT);
    const slip = screen.getByRole('region', { name: resources.he.forms.receipt.title });
    expect(slip.getAttribute('lang')).toBe('he');
    expect(slip.getAttribute('dir')).toBe('rtl');
    // Read out group by group; the groups stay left to right inside the right-to-left slip.
    const code = slip.querySelector('[data-receipt]');
    expect(code?.textContent).toBe('4711 0802 1593 7264');
    // In two pairs, so that a phone wraps it two by two, never three and one.
    expect([...(code?.children ?? [])].map((pair) => pair.textContent)).toEqual(['4711 0802', '1593 7264']);
    expect(code?.getAttribute('dir')).toBe('ltr');
    // A screen reader reads it digit by digit.
    expect(slip.textContent).toContain('4 7 1 1 0 8 0 2 1 5 9 3 7 2 6 4');
    expect(slip.textContent).toContain('example.test/he/follow-up');
    expect(screen.getByRole('link', { name: resources.he.internal.recordReport.openReport }).getAttribute('href')).toBe(
      '/internal/reports/0b7f7a52-5a39-4f5e-9d51-8c1f3c1e2a11',
    );
  });

  it('says so when no receipt was made (English)', () => {
    renderRecorded('en', null);
    expect(screen.getByText('No receipt was made for this report.')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
