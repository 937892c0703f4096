import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../i18n/format.ts';
import { renderInLanguage } from '../../test/render.tsx';
import { BarChart } from './bar-chart.tsx';

const DATA = [
  { label: 'Verbal', count: 1234 },
  { label: 'Online', count: 56 },
  { label: 'Letter', count: 0 },
];

/** Where each bar starts and how wide it is, and where its label stands, in the SVG's units. */
function drawing(svg: Element) {
  return [...svg.querySelectorAll('g')].map((group) => {
    const bar = group.querySelector('rect');
    const [value, label] = [...group.querySelectorAll('text')];
    return {
      label: label?.textContent,
      value: value?.textContent,
      barStart: Number(bar?.getAttribute('x')),
      barWidth: Number(bar?.getAttribute('width')),
      labelAt: Number(label?.getAttribute('x')),
    };
  });
}

// A guard against a hang, not a measure of speed: these act as a person does, on a machine that may be busy.
const GUARD = { timeout: 30_000 };

describe('the staff bar chart', () => {
  it('is a named figure whose drawing is described, with the same figures in a table', GUARD, () => {
    renderInLanguage('en', ['internal'], () => (
      <BarChart title="Reports by type" data={DATA} numberFormat={(value) => formatNumber(value, 'en')} />
    ));
    const figure = screen.getByRole('figure', { name: 'Reports by type' });
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toBe(
      'Bar chart: Reports by type. The same figures are in the table below.',
    );
    const table = within(figure).getByRole('table', { name: 'Reports by type' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Category', 'Incidents']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Verbal1,234', 'Online56', 'Letter0']);

    // Left to right: the labels on the left, the bars growing rightwards, the longest for the most.
    const [verbal, online, letter] = drawing(within(figure).getByRole('img'));
    expect(verbal?.value).toBe('1,234');
    expect(verbal?.labelAt).toBeLessThan(verbal?.barStart ?? 0);
    expect(verbal?.barStart).toBe(online?.barStart);
    expect(verbal?.barWidth).toBeGreaterThan(online?.barWidth ?? Number.POSITIVE_INFINITY);
    expect(letter?.barWidth).toBe(0);
  });

  it('is drawn right to left in Hebrew: the labels on the right, the bars growing leftwards', GUARD, () => {
    const data = [
      { label: 'מילולי', count: 1234 },
      { label: 'ברשת', count: 56 },
    ];
    renderInLanguage('he', ['internal'], () => (
      <BarChart title="דיווחים לפי סוג" data={data} numberFormat={(value) => formatNumber(value, 'he')} />
    ));
    const figure = screen.getByRole('figure', { name: 'דיווחים לפי סוג' });
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toBe(
      'תרשים עמודות: דיווחים לפי סוג. אותם נתונים מופיעים בטבלה שלהלן.',
    );
    const [verbal, online] = drawing(within(figure).getByRole('img'));
    expect(verbal?.label).toBe('מילולי');
    expect(verbal?.labelAt).toBeGreaterThan((verbal?.barStart ?? 0) + (verbal?.barWidth ?? 0));
    // Both bars end at the same place on the right, so the longer one starts further left.
    expect((verbal?.barStart ?? 0) + (verbal?.barWidth ?? 0)).toBe((online?.barStart ?? 0) + (online?.barWidth ?? 0));
    expect(verbal?.barStart).toBeLessThan(online?.barStart ?? 0);
    expect(within(figure).getAllByRole('columnheader')[1]?.textContent).toBe('אירועים');
  });
  it(
    'heads its table with what the support section counts: a need and the times it was raised, in Hebrew',
    GUARD,
    async () => {
      const { SupportStatsSection } = await import('./support-stats.tsx');
      const count = (value: number) => ({ key: 'legal', count: value });
      renderInLanguage('he', ['internal'], () => (
        <SupportStatsSection
          support={{
            needs: [count(4)],
            services: [count(3)],
            servicesByProvider: [{ key: 'partner', count: 3 }],
            answers: { threshold: 3, total: { kind: 'fewer' }, distribution: [] },
          }}
          number={String}
        />
      ));
      const headings = screen.getAllByRole('table').map((table) =>
        within(table)
          .queryAllByRole('columnheader')
          .map((cell) => cell.textContent),
      );
      expect(headings.slice(0, 3)).toEqual([
        ['צורך', 'מספר הפעמים שעלה'],
        ['צורך', 'מספר הפעמים שניתנה'],
        ['ניתנה על ידי', 'מספר הפעמים שניתנה'],
      ]);
    },
  );
});
