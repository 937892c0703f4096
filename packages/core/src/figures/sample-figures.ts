import { PROVINCES } from '../casework/statuses.ts';
import { INCIDENT_TYPES } from '../forms/incident-types.ts';
import type { RawFigures } from './public-figures.ts';

/**
 * Counts of a quiet organisation, for the small-cell tests and `npm run bench:stats`: the hardest
 * case for the rule, where most cells of the lattice are small.
 */
/** Random but repeatable figures: `perYear` incidents a year over `years` years up to 10 November 2026. */
export function sparseFigures(seed: number, perYear: number, years: number): RawFigures {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const asOf = '2026-11-10';
  const byMonth = new Map<string, number>();
  const byYear = new Map<string, number>();
  const lastYear = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (let year = 2027 - years; year <= 2026; year += 1) {
    for (let index = 0; index < perYear; index += 1) {
      const day = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const type = INCIDENT_TYPES[Math.floor(random() ** 2 * INCIDENT_TYPES.length)] ?? 'other';
      const province = PROVINCES[Math.floor(random() ** 1.5 * PROVINCES.length)] ?? 'antwerp';
      if (day > asOf) continue;
      bump(byMonth, `${day.slice(0, 7)} ${type}`);
      bump(byYear, `${year} ${province} ${type}`);
      if (year === 2025 && day <= '2025-11-10') bump(lastYear, `${province} ${type}`);
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
  };
}
