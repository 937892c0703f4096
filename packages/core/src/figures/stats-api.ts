import type { ReferralStats } from '../casework/referrals.ts';
import type { SupportStats } from '../casework/support.ts';

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
  /** The online incidents by platform (`''`: not said), most first. */
  byPlatform: Count[];
  shares: { anonymous: Share; calledPolice: Share; medicalTreatment: Share };
  /**
   * The staff's classification (decision 0044), most first; `''`: not recorded (an incident
   * verified before classification existed). An incident with several manifestations counts under
   * each of them (and under `''` with none), so that table adds up to more than the total.
   */
  byClassification: Record<'category' | 'manifestation' | 'target' | 'knownThrough' | 'placeType', Count[]>;
  /** The incidents with each tag (`key`: its id), most first; an incident counts under each of its tags. */
  byTag: (Count & { names: Record<string, string> })[];
  /**
   * The incidents by how their reports reached us (decision 0051), most first: an incident counts
   * once under each source of the reports that make it count, so the table may add up to more than
   * the total.
   */
  bySource: Count[];
  responseTimes: ResponseTimes;
  /** Referrals to partners sent within the period (decision 0050); absent from the CSV export. */
  referrals?: ReferralStats;
  /** Support given and the reporters' answers within the period (decision 0053); absent from the CSV export. */
  support?: SupportStats;
};

/**
 * How fast staff answered reports, by the month they arrived (in Brussels), over every report
 * that is not held back by the spam check: time to the first staff action the reporter can see
 * (a status change or a message), in working days in Belgium (docs/decisions/0029-response-times.md).
 */
export type ResponseTimes = {
  /** The promise in force: an answer within this many working days. */
  promiseWorkingDays: number;
  /** One entry per month of the monthly chart, oldest first. */
  months: ResponseTimeMonth[];
};

export type ResponseTimeMonth = {
  /** YYYY-MM, the month the reports arrived. */
  month: string;
  received: number;
  answered: number;
  /**
   * Working days to the first response of the answered reports: the median and the 90th
   * percentile, by nearest rank (at least half, and at least nine in ten, were answered within
   * them); null when none was answered.
   */
  medianWorkingDays: number | null;
  p90WorkingDays: number | null;
  /** Reports answered within the promise… */
  withinPromise: number;
  /** …out of those whose promise has run out or that were answered (the others cannot fail yet). */
  judged: number;
  /** Reports still without a response. */
  waiting: number;
};
