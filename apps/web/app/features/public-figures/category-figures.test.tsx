import type { PeriodFigures, YearFigures } from '@app/core/figures/public-figures';
import { FEWER, WITHHELD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { YearSummary } from './year-summary.tsx';

/** Decision 0054: the yearly summary's chart and table by the staff's category, in English and Hebrew. */

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

const period = (year: number, byCategory: number[], total: number): PeriodFigures => ({
  year,
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  byType: INCIDENT_TYPES.map((_, index) => (index === 0 ? total : 0)),
  byCategory,
  total,
  provinces: [],
});

/** extreme_violence, assault, damage_desecration, threats, abusive_behaviour, literature, unclassified */
function figures(unclassified: number): YearFigures {
  return {
    asOf: '2026-11-27',
    threshold: 3,
    isCurrent: false,
    current: period(2025, [0, FEWER, WITHHELD, 4, 12, 0, unclassified], 21 + unclassified),
    previous: period(2024, [0, 3, 0, 5, 9, 0, 0], 17),
    months: [],
    years: [2024, 2025],
  };
}

const categoryTable = (name: string, t: (key: string, values: Record<string, string>) => string) => {
  const figure = screen.getByRole('figure', { name });
  return { figure, table: within(figure).getByRole('region', { name: t('figures.table', { title: name }) }) };
};

describe('the figures by category', () => {
  it('give each category its row, translated, with small and withheld counts in words', GUARD, () => {
    const { t } = renderInLanguage('en', ['common', 'forms'], () => <YearSummary figures={figures(0)} language="en" />);
    const { figure, table } = categoryTable('By category: 2025 and 2024', t);
    expect(t('figures.table', { title: 'x' })).toBe('x (table)');
    expect(within(figure).getByRole('img', { name: /By category: 2025 and 2024/ })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', '2025', '2024']);
    const rows = within(table).getAllByRole('rowheader');
    // "Not classified" has no row while both years hold none.
    expect(rows.map((cell) => cell.textContent)).toEqual([
      'Extreme violence',
      'Assault',
      'Damage and desecration of property',
      'Threats',
      'Abusive behaviour',
      'Literature and mass mailings',
    ]);
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
    expect(row('Assault').textContent).toContain('fewer than 3');
    expect(row('Damage and desecration of property').textContent).toContain('withheld');
    expect(
      within(row('Abusive behaviour'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '9']);
  });

  it('show "not classified" when a year has any, and read right to left in Hebrew', GUARD, () => {
    const { t } = renderInLanguage('he', ['common', 'forms'], () => <YearSummary figures={figures(5)} language="he" />);
    const { figure, table } = categoryTable('לפי קטגוריה: 2025 ו־2024', t);
    expect(within(table).getByRole('columnheader', { name: 'קטגוריה' })).toBeTruthy();
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent ?? '');
    expect(labels).toContain('תקיפה');
    expect(labels.at(-1)).toBe('לא סווג');
    // No Latin letter in any label or header of the table.
    for (const cell of within(table).getAllByRole('rowheader')) expect(cell.textContent).not.toMatch(/[A-Za-z]/);
    // The bars start at the right edge: each label stands at the chart's reading start.
    const chart = within(figure).getByRole('img');
    const texts = [...chart.querySelectorAll('g > text:first-child')];
    expect(texts.length).toBe(labels.length);
    const width = Number(chart.getAttribute('viewBox')?.split(' ')[2]);
    for (const text of texts) expect(Number(text.getAttribute('x'))).toBeGreaterThan(width / 2);
  });
});
