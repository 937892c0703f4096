import type { ReferralStats } from '@app/core/casework/referrals';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BarChart } from './bar-chart.tsx';

/** The referrals sent within the period (decision 0050): by partner, status and outcome, and the median wait. */
export function ReferralStatsSection({
  referrals,
  number,
  decimal,
}: {
  referrals: ReferralStats;
  number: (value: number) => string;
  decimal: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="staff-panel" aria-labelledby="referral-stats-title" data-testid="referral-stats">
      <h2 id="referral-stats-title">{t('referrals.stats.title')}</h2>
      <p>{t('referrals.stats.total', { count: number(referrals.total) })}</p>
      <p>
        {referrals.medianWorkingDaysToAnswer === null
          ? t('referrals.stats.medianNone')
          : t('referrals.stats.median', {
              value: decimal(referrals.medianWorkingDaysToAnswer),
              count: number(referrals.answered),
            })}
      </p>
      <div className="stats-grid">
        <BarChart
          title={t('referrals.stats.byPartner')}
          numberFormat={number}
          data={referrals.byPartner.map((entry) => ({ label: entry.name, count: entry.count }))}
        />
        <BarChart
          title={t('referrals.stats.byStatus')}
          numberFormat={number}
          data={referrals.byStatus.map((entry) => ({
            label: t(`referrals.statuses.${entry.key}`),
            count: entry.count,
          }))}
        />
        <BarChart
          title={t('referrals.stats.byOutcome')}
          numberFormat={number}
          data={referrals.byOutcome.map((entry) => ({
            label: entry.key ? t(`referrals.outcomes.${entry.key}`) : t('referrals.stats.noOutcome'),
            count: entry.count,
          }))}
        />
      </div>
    </section>
  );
}
