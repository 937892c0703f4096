import type { Province } from './statuses.ts';

/**
 * The administrative arrondissements of Flanders (22 since 2019) and Brussels-Capital, each in the
 * one province it belongs to (decision 0047). 'elsewhere_in_belgium' has none: staff record no
 * arrondissement there. Codes are the Dutch names in lower case; the names are translated
 * (`arrondissements.<code>` in common.json).
 */
export const ARRONDISSEMENT_PROVINCES = {
  antwerpen: 'antwerp',
  mechelen: 'antwerp',
  turnhout: 'antwerp',
  aalst: 'east_flanders',
  dendermonde: 'east_flanders',
  eeklo: 'east_flanders',
  gent: 'east_flanders',
  oudenaarde: 'east_flanders',
  sint_niklaas: 'east_flanders',
  halle_vilvoorde: 'flemish_brabant',
  leuven: 'flemish_brabant',
  hasselt: 'limburg',
  maaseik: 'limburg',
  tongeren: 'limburg',
  brugge: 'west_flanders',
  diksmuide: 'west_flanders',
  ieper: 'west_flanders',
  kortrijk: 'west_flanders',
  oostende: 'west_flanders',
  roeselare: 'west_flanders',
  tielt: 'west_flanders',
  veurne: 'west_flanders',
  brussel_hoofdstad: 'brussels',
} as const satisfies Record<string, Province>;

export type Arrondissement = keyof typeof ARRONDISSEMENT_PROVINCES;
export const ARRONDISSEMENTS = Object.keys(ARRONDISSEMENT_PROVINCES) as Arrondissement[];

/** Whether a province has arrondissements at all (every one but 'elsewhere_in_belgium'). */
export function provinceHasArrondissements(province: Province): boolean {
  return ARRONDISSEMENTS.some((code) => ARRONDISSEMENT_PROVINCES[code] === province);
}

/** The arrondissements of a province, in the list's order. */
export function arrondissementsOf(province: Province): Arrondissement[] {
  return ARRONDISSEMENTS.filter((code) => ARRONDISSEMENT_PROVINCES[code] === province);
}

/** How precisely the public list shows an incident's date (decision 0047); month by default. */
export const DATE_PRECISIONS = ['day', 'week', 'month'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];
export const DEFAULT_DATE_PRECISION: DatePrecision = 'month';

/** How precisely the public list shows an incident's place; arrondissement by default. */
export const PLACE_PRECISIONS = ['municipality', 'arrondissement', 'province'] as const;
export type PlacePrecision = (typeof PLACE_PRECISIONS)[number];
export const DEFAULT_PLACE_PRECISION: PlacePrecision = 'arrondissement';
