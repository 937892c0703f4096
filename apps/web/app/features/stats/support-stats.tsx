import type { SupportStats } from '@app/core/casework/support';
import type { Protected } from '@app/core/figures/small-cells';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BarChart, byKey } from './bar-chart.tsx';

/**
 * Support within the period (decision 0053): needs raised and services given, by need and by who
 * gave them; and the reporters' answers 1 to 5, which the server already protected: a rating given
 * by fewer than the threshold reads "fewer than k", never its number. Never by report or person.
 */
export function SupportStatsSection({ support, number }: { support: SupportStats; number: (value: number) => string }) {
  const { t } = useTranslation();
  const { answers } = support;
  const cell = (value: Protected) =>
    value.kind === 'value'
      ? number(value.value)
      : value.kind === 'fewer'
        ? t('support.stats.fewer', { threshold: answers.threshold })
        : t('support.stats.withheld');
  return (
    <section className="staff-panel" aria-labelledby="support-stats-title" data-testid="support-stats">
      <h2 id="support-stats-title">{t('support.stats.title')}</h2>
      <div className="stats-grid">
        <BarChart
          title={t('support.stats.needs')}
          categoryLabel={t('support.stats.need')}
          countLabel={t('support.stats.timesRaised')}
          data={byKey(support.needs, (key) => t(`support.needs.${key}`))}
        />
        <BarChart
          title={t('support.stats.services')}
          categoryLabel={t('support.stats.need')}
          countLabel={t('support.stats.timesGiven')}
          data={byKey(support.services, (key) => t(`support.needs.${key}`))}
        />
        <BarChart
          title={t('support.stats.byProvider')}
          categoryLabel={t('support.stats.provider')}
          countLabel={t('support.stats.timesGiven')}
          data={byKey(support.servicesByProvider, (key) => t(`support.providers.${key}`))}
        />
      </div>
      <h3>{t('support.stats.answersTitle')}</h3>
      <p className="muted">{t('support.stats.answersHint', { threshold: answers.threshold })}</p>
      <table className="staff-table stats-table" data-testid="support-answers">
        <caption>{t('support.stats.answersCaption', { total: cell(answers.total) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('support.stats.rating')}</th>
            <th scope="col">{t('support.stats.count')}</th>
          </tr>
        </thead>
        <tbody>
          {answers.distribution.map((entry) => (
            <tr key={entry.rating}>
              <th scope="row">{t(`support.ratings.${entry.rating}`)}</th>
              <td>{cell(entry.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
