import type { DashboardEarlyWarning, EarlyWarningRule } from '@app/core/staff/early-warnings';
import { isolate } from '@app/locales/bidi';
import { Form, Link } from 'react-router';
import { formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

const PATTERNS = {
  'place-type': 'earlyWarnings.placeType',
  'place-category': 'earlyWarnings.placeCategory',
  'online-address': 'earlyWarnings.onlineAddress',
  tag: 'earlyWarnings.tag',
} as const satisfies Record<EarlyWarningRule, string>;

/**
 * Early warnings (decision 0052), for coordinators and admins, near the top of the dashboard:
 * the municipality, the type, category or tag, the count and the dates, and a link to the reports
 * list filtered to the warning's incidents. An online address is never named: its warning says
 * only that one address recurs, and the link lists the reports. Each is acknowledged by a plain
 * POST form (it works without JavaScript) that names the count it showed.
 */
export function EarlyWarningsPanel({
  warnings,
  failed,
}: {
  warnings: DashboardEarlyWarning[];
  /** The warning whose acknowledgement was refused, and why (a code of `earlyWarnings.errors`). */
  failed?: { id: string; error: string };
}) {
  const { t, language } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="early-warnings-title" className="staff-panel early-warnings" data-testid="early-warnings">
      <h2 id="early-warnings-title">{t('earlyWarnings.title')}</h2>
      <p>{t('earlyWarnings.intro')}</p>
      <ul className="early-warnings__list">
        {warnings.map((warning) => (
          <li key={warning.id} className="early-warnings__item" data-warning={warning.rule}>
            <p className="early-warnings__pattern">
              <strong>
                {t(PATTERNS[warning.rule], {
                  count: warning.incidentCount,
                  municipality: isolate(warning.municipality ?? ''),
                  type: warning.incidentType ? t(`incidentTypes.${warning.incidentType}.label`) : '',
                  category: warning.category ? t(`classification.values.category.${warning.category}`) : '',
                  tag: isolate(warning.tagNames?.[language] ?? warning.tagNames?.en ?? ''),
                  hours: warning.window,
                  days: warning.window,
                })}
              </strong>
            </p>
            <p>
              {t('earlyWarnings.dates', {
                from: formatDay(warning.firstDate, language),
                to: formatDay(warning.lastDate, language),
              })}
            </p>
            {warning.acknowledgedCount > 0 && <p>{t('earlyWarnings.grown')}</p>}
            {failed?.id === warning.id && (
              <p className="early-warnings__error" role="alert">
                {t(`earlyWarnings.errors.${failed.error}`)}
              </p>
            )}
            <div className="early-warnings__actions">
              <Link to={`${INTERNAL_PAGES.reports}?warning=${warning.id}`}>{t('earlyWarnings.showReports')}</Link>
              <Form method="post">
                <input type="hidden" name="intent" value="acknowledge-warning" />
                <input type="hidden" name="warning" value={warning.id} />
                <input type="hidden" name="count" value={warning.incidentCount} />
                <button type="submit" className="button button--secondary">
                  {t('earlyWarnings.acknowledge')}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
