import { describe, expect, it } from 'vitest';
import { INCIDENT_TYPES } from '../forms/incident-types.ts';
import { FIGURE_CATEGORIES, type PublicFigures } from './public-figures.ts';
import { dateExtent, listable, mondayOf, shownDate, shownPlace } from './public-list.ts';
import { FEWER, WITHHELD } from './small-cells.ts';

/** Decision 0047: the list's rule on crafted figures, one hidden cell at a time. */

const LETTER = INCIDENT_TYPES.indexOf('letter');
const row = (letter: number) => INCIDENT_TYPES.map((_, index) => (index === LETTER ? letter : 0));
/** Every incident of the year is a threat (the staff's category, decision 0054). */
const byCategory = (count: number) => FIGURE_CATEGORIES.map((category) => (category === 'threats' ? count : 0));

function figures(change: (figures: PublicFigures) => void = () => {}): PublicFigures {
  const made: PublicFigures = {
    asOf: '2026-11-27',
    threshold: 3,
    types: INCIDENT_TYPES,
    categories: FIGURE_CATEGORIES,
    months: [
      { month: '2026-09', byType: row(3), total: 3 },
      { month: '2026-10', byType: row(4), total: 4 },
    ],
    years: [
      {
        year: 2026,
        from: '2026-01-01',
        to: '2026-11-27',
        byType: row(8),
        byCategory: byCategory(8),
        total: 8,
        provinces: [{ province: 'antwerp', byType: row(8), total: 8 }],
      },
    ],
    samePeriodLastYear: {
      year: 2025,
      from: '2025-01-01',
      to: '2025-11-27',
      byType: row(0),
      byCategory: byCategory(0),
      total: 0,
      provinces: [],
    },
  };
  change(made);
  return made;
}

const window = (count: number) => ({ from: '2026-10-29', to: '2026-11-27', count });
const letter = (day: string, precision: 'day' | 'week' | 'month' = 'day') => ({
  date: shownDate(day, precision),
  incidentType: 'letter',
  province: 'antwerp' as const,
});

describe('the precision shown', () => {
  it('shows a week by its Monday and a month by itself, and never a place finer than recorded', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
    expect(shownDate('2026-11-27', 'week')).toEqual({ precision: 'week', value: '2026-11-23' });
    expect(shownDate('2026-11-27', 'month')).toEqual({ precision: 'month', value: '2026-11' });
    expect(dateExtent(shownDate('2026-02-10', 'month'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dateExtent(shownDate('2026-11-01', 'week'))).toEqual({ from: '2026-10-26', to: '2026-11-01' });
    const place = { municipality: 'Zoersel', arrondissement: 'antwerpen' as const, province: 'antwerp' as const };
    expect(shownPlace(place, 'arrondissement')).toEqual({ precision: 'arrondissement', code: 'antwerpen' });
    expect(shownPlace(place, 'province')).toEqual({ precision: 'province', code: 'antwerp' });
    expect(shownPlace({ ...place, arrondissement: null }, 'municipality')).toEqual({
      precision: 'province',
      code: 'antwerp',
    });
  });
});

describe('what the list may show', () => {
  it('lists an incident of the last 30 days only while the 30-day count is a number', () => {
    expect(listable(letter('2026-10-30'), figures(), window(FEWER))).toBe(false);
    expect(listable(letter('2026-10-30'), figures(), window(5))).toBe(true);
    // A month that reaches into the last 30 days can hold one of them: it waits too.
    expect(listable(letter('2026-10-05', 'month'), figures(), window(FEWER))).toBe(false);
    expect(listable(letter('2026-10-05', 'day'), figures(), window(FEWER))).toBe(true);
  });

  it('never lists an incident of the month under way, which the figures do not break down', () => {
    expect(listable(letter('2026-11-02'), figures(), window(5))).toBe(false);
  });

  it('leaves out an incident that lies in a hidden cell, whatever the cell', () => {
    const hidden: [string, (figures: PublicFigures) => void][] = [
      [
        'its month and type',
        (made) => {
          (made.months[1] as { byType: number[] }).byType[LETTER] = FEWER;
        },
      ],
      [
        'its month',
        (made) => {
          (made.months[1] as { total: number }).total = WITHHELD;
        },
      ],
      [
        'its year and type',
        (made) => {
          (made.years[0] as { byType: number[] }).byType[LETTER] = FEWER;
        },
      ],
      [
        'its year',
        (made) => {
          (made.years[0] as { total: number }).total = WITHHELD;
        },
      ],
      [
        'its province and type',
        (made) => {
          ((made.years[0] as PublicFigures['years'][number]).provinces[0] as { byType: number[] }).byType[LETTER] =
            FEWER;
        },
      ],
      [
        'its province',
        (made) => {
          ((made.years[0] as PublicFigures['years'][number]).provinces[0] as { total: number }).total = WITHHELD;
        },
      ],
    ];
    expect(listable(letter('2026-10-05'), figures(), window(5))).toBe(true);
    for (const [name, change] of hidden) {
      expect(listable(letter('2026-10-05'), figures(change), window(5)), name).toBe(false);
    }
    // A week that may lie in either of two months needs both shown.
    const septemberHidden = figures((made) => {
      (made.months[0] as { byType: number[] }).byType[LETTER] = FEWER;
    });
    expect(listable(letter('2026-10-01', 'day'), septemberHidden, window(5))).toBe(true);
    expect(listable(letter('2026-10-01', 'week'), septemberHidden, window(5))).toBe(false);
    // The same days of last year, when the date may lie in them.
    const lastYearHidden = figures((made) => {
      made.samePeriodLastYear.total = WITHHELD;
    });
    expect(listable(letter('2026-10-05'), lastYearHidden, window(5))).toBe(true);
  });
});
