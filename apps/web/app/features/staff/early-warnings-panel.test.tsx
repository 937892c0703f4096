import type { DashboardEarlyWarning } from '@app/core/staff/early-warnings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { EarlyWarningsPanel } from './early-warnings-panel.tsx';

const PLACE: DashboardEarlyWarning = {
  id: '7f0c1d2e-0000-4000-8000-000000000001',
  rule: 'place-type',
  municipality: 'Zelzate',
  incidentType: 'verbal',
  category: null,
  tagNames: null,
  incidentCount: 4,
  window: 72,
  firstDate: '2026-03-02',
  lastDate: '2026-03-05',
  raisedAt: '2026-03-05T10:00:00.000Z',
  acknowledgedCount: 3,
};

const ADDRESS: DashboardEarlyWarning = {
  ...PLACE,
  id: '7f0c1d2e-0000-4000-8000-000000000002',
  rule: 'online-address',
  municipality: null,
  incidentType: null,
  incidentCount: 2,
  window: 30,
  acknowledgedCount: 0,
};

const render = (language: 'en' | 'he') =>
  renderInLanguage(language, ['common', 'forms', 'internal'], () => (
    <EarlyWarningsPanel warnings={[PLACE, ADDRESS]} failed={{ id: ADDRESS.id, error: 'conflict' }} />
  ));

describe('the early warnings panel', () => {
  it('names place, type, count and dates in English, links to the filtered list, and acknowledges by a form', () => {
    render('en');
    const panel = screen.getByRole('region', { name: 'Early warnings' });
    const [place, address] = within(panel).getAllByRole('listitem');
    expect(place?.textContent).toContain('4 incidents of the type “Verbal” in \u2068Zelzate\u2069 within 72 hours');
    expect(place?.textContent).toContain('Incident dates: Mar 2, 2026 to Mar 5, 2026');
    expect(place?.textContent).toContain('More incidents have joined it since it was acknowledged.');
    const link = within(place as HTMLElement).getByRole('link', { name: 'Show the reports of these incidents' });
    expect(link.getAttribute('href')).toBe(`/internal/reports?warning=${PLACE.id}`);
    const button = within(place as HTMLElement).getByRole('button', { name: 'Acknowledge' });
    const form = button.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('input[name="count"]')?.getAttribute('value')).toBe('4');
    // The address is never shown: the sentence says only that one recurs.
    expect(address?.textContent).toContain('2 incidents naming the same address of online content within 30 days');
    expect(within(address as HTMLElement).getByRole('alert').textContent).toContain('This warning changed');
  });

  it('reads right to left in Hebrew, the municipality isolated, without a Latin word of its own', () => {
    render('he');
    const panel = screen.getByRole('region', { name: 'אזהרות מוקדמות' });
    expect(panel.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    const [place, address] = within(panel).getAllByRole('listitem');
    expect(place?.textContent).toContain('4 אירועים מסוג');
    expect(place?.textContent).toContain('ב־\u2068Zelzate\u2069 בתוך 72 שעות');
    expect(within(place as HTMLElement).getByRole('button', { name: 'אישור קריאה' })).toBeTruthy();
    expect(address?.textContent).toContain('2 אירועים עם אותה כתובת של התוכן ברשת בתוך 30 ימים');
    // Apart from the isolated municipality, the panel's words hold no Latin letter.
    const text = (panel.textContent ?? '').replace(/\u2068[^\u2069]*\u2069/g, '');
    expect(text).not.toMatch(/[A-Za-z]/);
  });
});
