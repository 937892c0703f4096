/** A period of incident dates, inclusive, YYYY-MM-DD. */
export type StatsRange = { from: string; to: string };

export type Count = { key: string; count: number };

/** A yes/no share: how many of the verified incidents had it. */
export type Share = { count: number; total: number };

export type StatsResult = {
  range: StatsRange;
  total: number;
  byType: Count[];
  /** One entry per month, oldest first, for the months ending with the range's last month. */
  byMonth: Count[];
  byProvince: Count[];
  /** The 20 municipalities with the most incidents. */
  byMunicipality: Count[];
  shares: { anonymous: Share; calledPolice: Share; medicalTreatment: Share };
};
