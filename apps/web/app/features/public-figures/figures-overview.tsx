import type { OverviewFigures } from '@app/core/figures/public-figures';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import type { Language } from '@app/locales/languages';
import { Link } from 'react-router';
import { formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localizedPath, yearlyPath } from '../../paths.ts';
import { ProtectionLegend } from './figure-value.tsx';
import { PeriodComparison } from './period-comparison.tsx';
import { periodLabel } from './periods.ts';
import { TrendCharts } from './trend-charts.tsx';

/**
 * The figures on /incidents: the monthly trend of the last 24 months by type, and this year so far
 * by province, by type and by the staff's category beside the same days of last year; every count
 * protected on the server.
 */
export function FiguresOverview({ figures, language }: { figures: OverviewFigures; language: Language }) {
  const { t } = useTranslation();
  const current = periodLabel(figures.current, t, language);
  const previous = periodLabel(figures.previous, t, language);
  return (
    <section aria-labelledby="figures-title" className="section section--wide figures">
      <h2 id="figures-title">{t('figures.title')}</h2>
      <p>{t('figures.lead', { k: figures.threshold })}</p>
      <p className="muted">{t('figures.asOf', { date: formatDay(figures.asOf, language, 'long') })}</p>
      {figures.years.length === 0 ? (
        <p>{t('figures.none')}</p>
      ) : (
        <>
          <TrendCharts
            months={figures.months}
            types={INCIDENT_TYPES}
            threshold={figures.threshold}
            title={t('figures.trendTitle')}
            running={figures.asOf.slice(0, 7)}
          />
          <PeriodComparison figures={figures} labels={[current, previous]} />
          <ProtectionLegend threshold={figures.threshold} />
        </>
      )}
      <p>
        <Link to={localizedPath('incidentsData', language)}>{t('figures.dataLink')}</Link>
      </p>
      {figures.years.length > 0 && <YearLinks years={figures.years} language={language} />}
    </section>
  );
}

/** Links to the yearly summaries, newest first. */
export function YearLinks({ years, language, current }: { years: number[]; language: Language; current?: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('figures.yearsTitle')} className="year-links">
      <h3>{t('figures.yearsTitle')}</h3>
      <ul>
        {[...years].reverse().map((year) => (
          <li key={year}>
            <Link to={yearlyPath(year, language)} aria-current={year === current ? 'page' : undefined}>
              {String(year)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
