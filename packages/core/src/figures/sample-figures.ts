import { INCIDENT_CATEGORIES } from '../casework/classification.ts';
import { PROVINCES, type Province } from '../casework/statuses.ts';
import { INCIDENT_TYPES, type IncidentType } from '../forms/incident-types.ts';
import type { RawFigures } from './public-figures.ts';

/**
 * Counts of a quiet organisation, for the small-cell tests and `npm run bench:stats`: the hardest
 * case for the rule, where most cells of the lattice are small.
 */

/** One counted incident as the figures read it; `category` null for one verified before categories. */
export type SampleIncident = { day: string; type: IncidentType; province: Province; category: string | null };

const AS_OF = '2026-11-10';

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Random but repeatable incidents: `perYear` a year over `years` years up to 10 November 2026. */
export function sparseIncidents(seed: number, perYear: number, years: number): SampleIncident[] {
  const random = generator(seed);
  // The category comes from a stream of its own, so that the dates, types and provinces of a seed
  // are the ones they were before the figures had categories (decision 0054); one in twenty has none.
  const randomCategory = generator(seed * 7919 + 1);
  const incidents: SampleIncident[] = [];
  for (let year = 2027 - years; year <= 2026; year += 1) {
    for (let index = 0; index < perYear; index += 1) {
      const day = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const type = INCIDENT_TYPES[Math.floor(random() ** 2 * INCIDENT_TYPES.length)] ?? 'other';
      const province = PROVINCES[Math.floor(random() ** 1.5 * PROVINCES.length)] ?? 'antwerp';
      const draw = randomCategory();
      const category = draw < 0.05 ? null : (INCIDENT_CATEGORIES[Math.floor(draw ** 0.6 * 6) % 6] ?? 'threats');
      if (day > AS_OF) continue;
      incidents.push({ day, type, province, category });
    }
  }
  return incidents;
}

/** The counts of `sparseIncidents` as the database groups them. */
export function figuresOf(incidents: readonly SampleIncident[], asOf = AS_OF): RawFigures {
  const byMonth = new Map<string, number>();
  const byYear = new Map<string, number>();
  const lastYear = new Map<string, number>();
  const byCategory = new Map<string, number>();
  const lastYearByCategory = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const thisYear = Number(asOf.slice(0, 4));
  const lastYearTo = `${thisYear - 1}${asOf.slice(4)}`;
  for (const { day, type, province, category } of incidents) {
    const year = day.slice(0, 4);
    bump(byMonth, `${day.slice(0, 7)} ${type}`);
    bump(byYear, `${year} ${province} ${type}`);
    bump(byCategory, `${year} ${category ?? ''}`);
    if (Number(year) === thisYear - 1 && day <= lastYearTo) {
      bump(lastYear, `${province} ${type}`);
      bump(lastYearByCategory, category ?? '');
    }
  }
  const split = (key: string) => key.split(' ') as [string, string, string];
  return {
    asOf,
    byMonth: [...byMonth].map(([key, count]) => ({ month: split(key)[0], type: split(key)[1], count })),
    byYear: [...byYear].map(([key, count]) => ({
      year: Number(split(key)[0]),
      province: split(key)[1],
      type: split(key)[2],
      count,
    })),
    samePeriodLastYear: [...lastYear].map(([key, count]) => ({ province: split(key)[0], type: split(key)[1], count })),
    byYearCategory: [...byCategory].map(([key, count]) => ({
      year: Number(split(key)[0]),
      category: split(key)[1] || null,
      count,
    })),
    samePeriodLastYearByCategory: [...lastYearByCategory].map(([category, count]) => ({
      category: category || null,
      count,
    })),
  };
}

/** Random but repeatable figures: `perYear` incidents a year over `years` years up to 10 November 2026. */
export function sparseFigures(seed: number, perYear: number, years: number): RawFigures {
  return figuresOf(sparseIncidents(seed, perYear, years));
}
