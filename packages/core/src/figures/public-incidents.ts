import type { PublicFigures } from './public-figures.ts';
import type { ShownDate, ShownPlace } from './public-list.ts';
import type { PublicCount } from './small-cells.ts';

/**
 * One published incident as the public Incidents page shows it: the date and the place at the
 * precision staff chose (decision 0047), never finer; a coarsened item carries no exact date or
 * municipality, not even in the page's data.
 */
export type PublicIncidentItem = {
  date: ShownDate;
  place: ShownPlace;
  incidentType: string;
  summary: string;
  /** Set when the summary is shown in its original language, not the visitor's. */
  summaryLanguage: string | null;
};

export type PublicIncidentsPage = {
  /**
   * The verified incidents of the last 30 days under the small-cell rule (decision 0022): a count
   * from 1 to k−1 leaves the server as `FEWER` (−1) only, never as itself; `threshold` is k.
   */
  countLast30Days: PublicCount;
  threshold: number;
  /**
   * The published incidents that the list may show without undoing a protected figure
   * (`figures/public-list.ts`, decision 0047); `total` counts these only.
   */
  items: PublicIncidentItem[];
  total: number;
  page: number;
  pageSize: number;
};

export type PublicIncidentsServiceForWeb = {
  page(query: { language: string; type?: string; page: number }): Promise<PublicIncidentsPage>;
  /** The counts by month, year, province and type, protected by the small-cell rule (decision 0022). */
  figures(): Promise<PublicFigures>;
};
