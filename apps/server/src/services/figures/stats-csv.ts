import type { Protected } from '@app/core/figures/small-cells';
import type { StatsResult } from '@app/core/figures/stats-api';

type Cell = string | number;

/**
 * A protected count as the CSV writes it (decision 0022): the number, or the open data's words
 * for what is not shown (`fewer_than_3` with the threshold, `withheld`), never the hidden number.
 */
function protectedCell(cell: Protected, threshold: number): Cell {
  if (cell.kind === 'value') return cell.value;
  return cell.kind === 'fewer' ? `fewer_than_${threshold}` : 'withheld';
}

/**
 * The rows of the statistics CSV (section, key, count, total): the figures the page shows to the
 * member who downloads it, in the same protection. Referrals (decision 0050) only when the page
 * shows them (roles that refer); support (decision 0053) for every role, its answers protected by
 * the small-cell rule and over the whole period, never by report or person.
 */
export function statsCsvRows(stats: StatsResult): Cell[][] {
  const rows: Cell[][] = [['section', 'key', 'count', 'total']];
  rows.push(['all', 'verified_incidents', stats.total, stats.total]);
  for (const entry of stats.byType) rows.push(['type', entry.key, entry.count, stats.total]);
  for (const entry of stats.byMonth) rows.push(['month', entry.key, entry.count, '']);
  for (const entry of stats.byProvince) rows.push(['province', entry.key || 'unknown', entry.count, stats.total]);
  for (const entry of stats.byMunicipality)
    rows.push(['municipality', entry.key || 'unknown', entry.count, stats.total]);
  const online = stats.byType.find((entry) => entry.key === 'online')?.count ?? 0;
  for (const entry of stats.byPlatform) rows.push(['platform', entry.key || 'unknown', entry.count, online]);
  for (const [key, share] of Object.entries(stats.shares)) rows.push(['share', key, share.count, share.total]);
  // The staff's classification (decision 0044): codes; 'unclassified' where nothing is recorded.
  const sections = {
    category: 'category',
    manifestation: 'manifestation',
    target: 'target',
    knownThrough: 'known_through',
    placeType: 'place_type',
  } as const;
  for (const [dimension, section] of Object.entries(sections)) {
    for (const entry of stats.byClassification[dimension as keyof typeof sections]) {
      rows.push([section, entry.key || 'unclassified', entry.count, stats.total]);
    }
  }
  for (const entry of stats.byTag) rows.push(['tag', entry.names.en ?? entry.key, entry.count, stats.total]);
  // How the incidents reached us (decision 0051): an incident under each source of its reports.
  for (const entry of stats.bySource) rows.push(['source', entry.key, entry.count, stats.total]);
  // Response times (decision 0029), by the month reports arrived: every report but those held
  // back by the spam check; times in working days in Belgium, to two decimals.
  const { responseTimes } = stats;
  const days = (value: number | null) => (value === null ? '' : value.toFixed(2));
  rows.push(['response_promise_working_days', 'all', responseTimes.promiseWorkingDays, '']);
  for (const month of responseTimes.months) {
    rows.push(['response_received', month.month, month.received, '']);
    rows.push(['response_answered', month.month, month.answered, month.received]);
    rows.push(['response_median_working_days', month.month, days(month.medianWorkingDays), '']);
    rows.push(['response_p90_working_days', month.month, days(month.p90WorkingDays), '']);
    rows.push(['response_within_promise', month.month, month.withinPromise, month.judged]);
    rows.push(['response_not_answered', month.month, month.waiting, month.received]);
  }
  const { referrals, support } = stats;
  if (referrals) {
    // Referrals sent within the period: by partner (their name), status and outcome; the wait.
    rows.push(['referrals', 'all', referrals.total, referrals.total]);
    for (const entry of referrals.byPartner) rows.push(['referral_partner', entry.name, entry.count, referrals.total]);
    for (const entry of referrals.byStatus) rows.push(['referral_status', entry.key, entry.count, referrals.total]);
    for (const entry of referrals.byOutcome) {
      rows.push(['referral_outcome', entry.key || 'not_known', entry.count, referrals.total]);
    }
    rows.push(['referral_answered', 'all', referrals.answered, referrals.total]);
    rows.push(['referral_median_working_days_to_answer', 'all', referrals.medianWorkingDaysToAnswer ?? '', '']);
  }
  if (support) {
    for (const entry of support.needs) rows.push(['support_need', entry.key, entry.count, '']);
    for (const entry of support.services) rows.push(['support_service', entry.key, entry.count, '']);
    for (const entry of support.servicesByProvider) rows.push(['support_service_provider', entry.key, entry.count, '']);
    const { answers } = support;
    const total = protectedCell(answers.total, answers.threshold);
    rows.push(['support_answers', 'all', total, '']);
    for (const entry of answers.distribution) {
      rows.push(['support_answer_rating', String(entry.rating), protectedCell(entry.count, answers.threshold), total]);
    }
  }
  return rows;
}
