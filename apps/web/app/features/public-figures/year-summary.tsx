import { FIGURE_CATEGORIES, type YearFigures } from '@app/core/figures/public-figures';
import { FEWER, type PublicCount, WITHHELD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import type { Language } from '@app/locales/languages';
import { Link } from 'react-router';
import { formatDay, formatMonth } from '../../i18n/dates.ts';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localizedPath } from '../../paths.ts';
import { ComparisonChart } from './comparison-chart.tsx';
import { FigureTable } from './figure-table.tsx';
import { ProtectionLegend } from './figure-value.tsx';
import { YearLinks } from './figures-overview.tsx';
import { categoryRows, periodLabel, provinceRows, typeRows } from './periods.ts';

/**
 * A year's summary: its total and the change since the year before in plain words, then by month
 * and type, by province, by type and by the staff's category beside the year before, and by
 * province and type. Printable, and complete without JavaScript.
 */
export function YearSummary({ figures, language }: { figures: YearFigures; language: Language }) {
  const { t } = useTranslation();
  const k = figures.threshold;
  const period = periodLabel(figures.current, t, language);
  const previous = periodLabel(figures.previous, t, language);
  const columns = [...INCIDENT_TYPES.map((type) => t(`incidentTypes.${type}.label`)), t('figures.total')];
  return (
    <>
      <section aria-labelledby="year-total" className="section">
        <h2 id="year-total" className="visually-hidden">
          {period}
        </h2>
        <p className="incident-count">
          <Total count={figures.current.total} period={period} threshold={k} />
        </p>
        <p>
          <Change current={figures.current.total} before={figures.previous.total} previous={previous} />
        </p>
        <p className="muted">{t('figures.asOf', { date: formatDay(figures.asOf, language, 'long') })}</p>
      </section>
      <section aria-labelledby="year-months" className="section section--wide">
        <h2 id="year-months">{t('pages.incidentsYear.monthsTitle', { period })}</h2>
        <FigureTable
          title={t('pages.incidentsYear.monthsTitle', { period })}
          corner={t('figures.month')}
          columns={columns}
          rows={figures.months.map((month) => ({
            key: month.month,
            label: formatMonth(month.month, language, 'long'),
            counts: [...month.byType, month.total],
          }))}
          totals={{
            key: 'total',
            label: t('figures.total'),
            counts: [...figures.current.byType, figures.current.total],
          }}
          threshold={k}
        />
        <ProtectionLegend threshold={k} />
        {figures.isCurrent && (
          <p className="figure__note">
            {t('figures.runningMonth', { month: formatMonth(figures.asOf.slice(0, 7), language, 'long') })}
          </p>
        )}
      </section>
      <section aria-labelledby="year-compare" className="section section--wide">
        <h2 id="year-compare">{t('figures.title')}</h2>
        <div className="figure-pair">
          <ComparisonChart
            title={t('figures.provinceTitle', { current: period, previous })}
            corner={t('figures.province')}
            rows={provinceRows(figures.current, figures.previous, t)}
            currentLabel={period}
            previousLabel={previous}
            threshold={k}
          />
          <ComparisonChart
            title={t('figures.typeTitle', { current: period, previous })}
            corner={t('figures.type')}
            rows={typeRows(figures.current, figures.previous, INCIDENT_TYPES, t)}
            currentLabel={period}
            previousLabel={previous}
            threshold={k}
          />
          <ComparisonChart
            title={t('figures.categoryTitle', { current: period, previous })}
            corner={t('figures.category')}
            rows={categoryRows(figures.current, figures.previous, FIGURE_CATEGORIES, t)}
            currentLabel={period}
            previousLabel={previous}
            threshold={k}
          />
        </div>
        <ProtectionLegend threshold={k} />
      </section>
      <section aria-labelledby="year-provinces" className="section section--wide">
        <h2 id="year-provinces">{t('pages.incidentsYear.provincesTableTitle', { period })}</h2>
        <FigureTable
          title={t('pages.incidentsYear.provincesTableTitle', { period })}
          corner={t('figures.province')}
          columns={columns}
          rows={figures.current.provinces.map((row) => ({
            key: row.province,
            label: t(`figures.provinces.${row.province}`),
            counts: [...row.byType, row.total],
          }))}
          totals={{
            key: 'total',
            label: t('figures.total'),
            counts: [...figures.current.byType, figures.current.total],
          }}
          threshold={k}
        />
        <ProtectionLegend threshold={k} />
      </section>
      <section className="section year-more">
        <p>
          <Link to={localizedPath('incidentsData', language)}>{t('figures.dataLink')}</Link>
        </p>
        <YearLinks years={figures.years} language={language} current={figures.current.year} />
      </section>
    </>
  );
}

function Total({ count, period, threshold }: { count: PublicCount; period: string; threshold: number }) {
  const { t } = useTranslation();
  if (count === FEWER) return <>{t('pages.incidentsYear.totalFewer', { k: threshold, period })}</>;
  if (count === WITHHELD) return <>{t('pages.incidentsYear.totalWithheld', { period })}</>;
  return (
    <RichText
      template={t('pages.incidentsYear.total', { count })}
      values={{ period }}
      components={{ value: (text) => <span className="incident-count__value">{text}</span> }}
    />
  );
}

/** The change in plain words, only when both totals are published (never a difference of hidden ones). */
function Change({ current, before, previous }: { current: PublicCount; before: PublicCount; previous: string }) {
  const { t } = useTranslation();
  if (current < 0 || before < 0) return <>{t('pages.incidentsYear.changeUnknown', { previous })}</>;
  if (current === before) return <>{t('pages.incidentsYear.changeSame', { previous })}</>;
  const key = current > before ? 'changeUp' : 'changeDown';
  return <>{t(`pages.incidentsYear.${key}`, { count: Math.abs(current - before), previous })}</>;
}
