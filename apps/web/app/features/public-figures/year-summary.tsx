import type { PeriodFigures, YearFigures } from '@app/core/figures/public-figures';
import { FEWER, type PublicCount, WITHHELD } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import type { Language } from '@app/locales/languages';
import { Link } from 'react-router';
import { formatDay, formatMonth } from '../../i18n/dates.ts';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localizedPath } from '../../paths.ts';
import { FigureTable } from './figure-table.tsx';
import { ProtectionLegend } from './figure-value.tsx';
import { YearLinks } from './figures-overview.tsx';
import { PeriodComparison } from './period-comparison.tsx';
import { periodLabel } from './periods.ts';

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
        <ByTypeTable
          title={t('pages.incidentsYear.monthsTitle', { period })}
          corner={t('figures.month')}
          rows={figures.months.map((month) => ({
            ...month,
            key: month.month,
            label: formatMonth(month.month, language, 'long'),
          }))}
          year={figures.current}
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
        <PeriodComparison figures={figures} labels={[period, previous]} />
        <ProtectionLegend threshold={k} />
      </section>
      <section aria-labelledby="year-provinces" className="section section--wide">
        <h2 id="year-provinces">{t('pages.incidentsYear.provincesTableTitle', { period })}</h2>
        <ByTypeTable
          title={t('pages.incidentsYear.provincesTableTitle', { period })}
          corner={t('figures.province')}
          rows={figures.current.provinces.map((row) => ({
            ...row,
            key: row.province,
            label: t(`figures.provinces.${row.province}`),
          }))}
          year={figures.current}
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

/** Counts by type, a row a month or a province, and the year's totals below. */
function ByTypeTable({
  title,
  corner,
  rows,
  year,
  threshold,
}: {
  title: string;
  corner: string;
  rows: { key: string; label: string; byType: readonly PublicCount[]; total: PublicCount }[];
  year: PeriodFigures;
  threshold: number;
}) {
  const { t } = useTranslation();
  return (
    <FigureTable
      title={title}
      corner={corner}
      columns={[...INCIDENT_TYPES.map((type) => t(`incidentTypes.${type}.label`)), t('figures.total')]}
      rows={rows.map((row) => ({ key: row.key, label: row.label, counts: [...row.byType, row.total] }))}
      totals={{ key: 'total', label: t('figures.total'), counts: [...year.byType, year.total] }}
      threshold={threshold}
    />
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
