import { CLASSIFICATION_DIMENSIONS } from '@app/core/casework/classification';
import { statsRangeFrom } from '@app/core/figures/stats-range';
import { can } from '@app/core/staff/staff';
import { localeTag } from '@app/locales/languages';
import { Form } from 'react-router';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { BarChart, byKey } from '../../features/stats/bar-chart.tsx';
import { ReferralStatsSection } from '../../features/stats/referral-stats.tsx';
import { ResponseTimeChart } from '../../features/stats/response-time-chart.tsx';
import { SupportStatsSection } from '../../features/stats/support-stats.tsx';
import { formatDay, formatMonth } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/stats';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'stats:view');
  const { range, months } = statsRangeFrom(new URL(args.request.url).searchParams);
  const stats = await staff.stats.compute(range, months);
  return { stats, months, mayExportReports: can(staff.actor.role, 'reports:manage') };
});

export default function Stats({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { stats, months, mayExportReports } = loaderData;
  const number = (value: number) => formatNumber(value, language);
  const tag = localeTag(language);
  const monthLabel = (key: string) => formatMonth(key, language);
  const percent = (count: number, total: number) =>
    new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(total ? count / total : 0);
  const decimal = (value: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const responseTimes = stats.responseTimes;
  const query = new URLSearchParams({ from: stats.range.from, to: stats.range.to, months: String(months) });
  const label = (key: string, prefix: string) => (key ? t(`${prefix}${key}`) : t('stats.unknown'));
  return (
    <StaffPage title={t('stats.title')} intro={t('stats.intro')}>
      <Form method="get" className="staff-filters" aria-label={t('stats.period')}>
        <InputField label={t('stats.from')} name="from" type="date" defaultValue={stats.range.from} />
        <InputField label={t('stats.to')} name="to" type="date" defaultValue={stats.range.to} />
        <SelectField
          label={t('stats.months')}
          name="months"
          defaultValue={String(months)}
          options={[
            { value: '12', label: t('stats.months12') },
            { value: '24', label: t('stats.months24') },
          ]}
        />
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('stats.apply')}
          </button>
        </div>
      </Form>
      <p className="figure stats-total">
        <RichText
          template={t('stats.total', { count: stats.total })}
          values={{ from: formatDay(stats.range.from, language), to: formatDay(stats.range.to, language) }}
          components={{
            value: (text) => (
              <span className="figure__value" data-testid="stats-total">
                {text}
              </span>
            ),
            label: (text) => <span className="figure__label">{text}</span>,
          }}
        />
      </p>
      <p className="actions">
        <a className="button button--secondary" href={`/api/internal/exports/stats.csv?${query}`} download>
          {t('stats.exportStats')}
        </a>
        {mayExportReports && (
          <a
            className="button button--secondary"
            href={`/api/internal/exports/reports.csv?${new URLSearchParams({ from: stats.range.from, to: stats.range.to })}`}
            download
          >
            {t('stats.exportReports')}
          </a>
        )}
      </p>
      <p className="muted">{t('stats.exportNote')}</p>
      {stats.total === 0 && <p>{t('stats.none')}</p>}
      <section className="staff-panel" aria-labelledby="shares-title">
        <h2 id="shares-title">{t('stats.shares')}</h2>
        <dl className="details-list">
          {(['anonymous', 'calledPolice', 'medicalTreatment'] as const).map((key) => (
            <div className="details-list__row" key={key}>
              <dt>{t(`stats.${key}`)}</dt>
              <dd>
                {t('stats.shareValue', {
                  count: number(stats.shares[key].count),
                  total: number(stats.shares[key].total),
                  percent: percent(stats.shares[key].count, stats.shares[key].total),
                })}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="stats-grid">
        <BarChart title={t('stats.byType')} data={byKey(stats.byType, (key) => t(`incidentTypes.${key}.label`))} />
        <BarChart title={t('stats.byMonth')} categoryLabel={t('stats.month')} data={byKey(stats.byMonth, monthLabel)} />
        <BarChart
          title={t('stats.byProvince')}
          data={byKey(stats.byProvince, (key) => label(key, 'casework.provinces.'))}
        />
        <BarChart
          title={t('stats.byMunicipality')}
          data={byKey(stats.byMunicipality, (key) => key || t('stats.unknown'))}
        />
        {CLASSIFICATION_DIMENSIONS.map((dimension) => (
          <BarChart
            key={dimension}
            title={t(`stats.byClassification.${dimension}`)}
            data={byKey(stats.byClassification[dimension], (key) =>
              key ? t(`classification.values.${dimension}.${key}`) : t('classification.notRecorded'),
            )}
          />
        ))}
        <BarChart
          title={t('stats.byTag')}
          data={byKey(stats.byTag, (_key, entry) => entry.names[language] ?? entry.names.en ?? '')}
        />
        <BarChart title={t('stats.bySource')} data={byKey(stats.bySource, (key) => t(`casework.sources.${key}`))} />
        <BarChart
          title={t('stats.byPlatform')}
          data={byKey(stats.byPlatform, (key) => (key ? t(`onlinePlatforms.${key}`) : t('stats.platformNotSaid')))}
        />
      </div>
      <section className="staff-panel stats-response" aria-labelledby="response-times-title">
        <h2 id="response-times-title">{t('stats.responseTimes.title')}</h2>
        <p>{t('stats.responseTimes.intro', { count: responseTimes.promiseWorkingDays })}</p>
        <p>{t('stats.responseTimes.measure')}</p>
        <ResponseTimeChart
          months={responseTimes.months}
          promise={responseTimes.promiseWorkingDays}
          monthLabel={monthLabel}
          decimal={decimal}
          number={number}
          percent={percent}
        />
      </section>
      {stats.referrals && <ReferralStatsSection referrals={stats.referrals} number={number} decimal={decimal} />}
      {stats.support && <SupportStatsSection support={stats.support} number={number} />}
    </StaffPage>
  );
}
