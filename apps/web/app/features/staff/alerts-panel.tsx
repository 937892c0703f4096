import { alertProblemKey, type DashboardAlert } from '@app/core/staff/alerts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The open operational alerts (decision 0030), for administrators, at the top of the dashboard
 * until each is resolved: a failing scheduled job, or notifications or files waiting too long.
 * A live region would announce it on every visit; a heading and a list are enough.
 */
export function AlertsPanel({ alerts }: { alerts: DashboardAlert[] }) {
  const { t, language } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="alerts-title" className="staff-alert" data-testid="alerts">
      <h2 id="alerts-title" className="staff-alert__title">
        {t('alerts.title')}
      </h2>
      <p>{t('alerts.intro')}</p>
      <ul>
        {alerts.map((alert) => (
          <li key={`${alert.kind}-${alert.subject}`} data-alert={`${alert.kind}:${alert.subject}`}>
            <strong>{t(alertProblemKey(alert))}</strong>{' '}
            <span>({t('alerts.since', { date: formatDateTime(alert.openedAt, language) })})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
