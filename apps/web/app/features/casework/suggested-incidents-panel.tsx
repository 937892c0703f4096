import type { IncidentSuggestion, ReportDetail } from '@app/core/casework/casework-api';
import { Form, Link } from 'react-router';
import { formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/**
 * "Possibly the same incident" (decision 0043): incidents that may be the same event as the
 * report's incident, each with why it is suggested, what staff recorded of it, a link to its first
 * report, and two plain forms (they work without JavaScript): link this report into it (the link
 * of decision 0037, naming that report), or "not the same", which is not suggested again. Both name
 * the incident the page showed, so a change made meanwhile is refused, not overwritten.
 */
export function SuggestedIncidentsPanel({
  report,
  suggestions,
}: {
  report: ReportDetail;
  suggestions: IncidentSuggestion[];
}) {
  const { t, language } = useTranslation();
  return (
    <section className="staff-panel suggested-incidents" aria-labelledby="suggested-incidents-title">
      <h2 id="suggested-incidents-title">{t('casework.suggestions.title')}</h2>
      {suggestions.length === 0 ? (
        <p>{t('casework.suggestions.none')}</p>
      ) : (
        <>
          <p>{t('casework.suggestions.intro')}</p>
          <ul className="suggested-incidents__list">
            {suggestions.map((suggestion) => {
              const titleId = `suggestion-${suggestion.incidentId}`;
              return (
                <li key={suggestion.incidentId} className="suggested-incidents__item">
                  <h3 id={titleId}>
                    {t('casework.suggestions.heading', { date: formatDay(suggestion.incidentDate, language) })}
                  </h3>
                  <p className="suggested-incidents__why">
                    <span className="suggested-incidents__why-label">{t('casework.suggestions.why')}:</span>{' '}
                    {suggestion.reasons.map((reason) => (
                      <span key={reason} className="suggested-incidents__reason">
                        {t(`casework.suggestions.reason_${reason}`)}
                      </span>
                    ))}
                  </p>
                  <dl className="details-list">
                    <dt>{t('casework.type')}</dt>
                    <dd>{t(`incidentTypes.${suggestion.incidentType}.label`)}</dd>
                    <dt>{t('casework.suggestions.place')}</dt>
                    <dd>{suggestion.municipality ?? t('casework.suggestions.placeUnknown')}</dd>
                    <dt>{t('casework.suggestions.reports')}</dt>
                    <dd>{t('casework.suggestions.reportCount', { count: suggestion.reportCount })}</dd>
                    <dt>{t('casework.suggestions.figures')}</dt>
                    <dd>
                      {suggestion.counts ? t('casework.suggestions.counted') : t('casework.suggestions.notCounted')}
                    </dd>
                  </dl>
                  {suggestion.reportId && (
                    <p>
                      <Link to={`${INTERNAL_PAGES.reports}/${suggestion.reportId}`}>
                        {t('casework.suggestions.open')}
                      </Link>
                    </p>
                  )}
                  <div className="suggested-incidents__actions">
                    {suggestion.reportId && (
                      <Form method="post" noValidate>
                        <input type="hidden" name="from" value={report.incident.id} />
                        <input type="hidden" name="target" value={suggestion.reportId} />
                        <SubmitButton label={t('casework.suggestions.link')} intent="suggestion-link" />
                      </Form>
                    )}
                    <Form method="post" noValidate>
                      <input type="hidden" name="from" value={report.incident.id} />
                      <input type="hidden" name="other" value={suggestion.incidentId} />
                      <SubmitButton
                        label={t('casework.suggestions.dismiss')}
                        intent="suggestion-dismiss"
                        variant="secondary"
                      />
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
