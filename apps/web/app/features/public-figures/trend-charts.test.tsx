import type { MonthFigures } from '@app/core/figures/public-figures';
import { FEWER, WITHHELD } from '@app/core/figures/small-cells';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../../test/render.tsx';
import { TrendCharts } from './trend-charts.tsx';

const TYPES = ['verbal', 'online'] as const;
const MONTHS: MonthFigures[] = [
  { month: '2026-09', byType: [12, FEWER], total: 14 },
  { month: '2026-10', byType: [0, WITHHELD], total: WITHHELD },
];

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

describe('the public trend charts', () => {
  it('draw one chart per type and give every figure in a table, small counts protected', GUARD, () => {
    renderInLanguage('en', ['common', 'forms'], () => (
      <TrendCharts months={MONTHS} types={TYPES} threshold={3} title="Incidents per month" />
    ));
    const figure = screen.getByRole('figure', { name: 'Incidents per month' });
    expect(
      within(figure)
        .getAllByRole('img')
        .map((chart) => chart.textContent?.slice(0, 6)),
    ).toEqual(['Verbal', 'Online']);
    expect(within(figure).getByRole('img', { name: 'Verbal' })).toBeTruthy();
    const table = within(figure).getByRole('region', { name: 'Incidents per month (table)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Verbal', 'Online', 'Total']);
    // Newest month first; a count under 3 and a withheld one are read out in words.
    const [october, september] = within(table).getAllByRole('row').slice(1);
    expect(within(october as HTMLElement).getByRole('rowheader').textContent).toBe('Oct 2026');
    expect(september?.textContent).toContain('fewer than 3');
    expect(september?.textContent).toContain('12');
    expect(october?.textContent).toContain('withheld');
  });

  it('write the months of the axis from the right in Hebrew', GUARD, () => {
    renderInLanguage('he', ['common', 'forms'], () => (
      <TrendCharts months={MONTHS} types={TYPES} threshold={3} title="אירועים לפי חודש" />
    ));
    const chart = screen.getAllByRole('img')[0] as HTMLElement;
    const [first, last] = [...chart.querySelectorAll('text')].slice(-2);
    // The first month stands at the right edge (SVG text starts at the reading start).
    expect(Number(first?.getAttribute('x'))).toBeGreaterThan(Number(last?.getAttribute('x')));
    expect(screen.getByRole('columnheader', { name: 'חודש' })).toBeTruthy();
  });
});
