import type { ReportDetail } from '@app/core/casework/casework-api';
import { Form, Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/**
 * The incident the report is part of (decision 0037): whether it counts, its other reports (when
 * they arrived and their status, each opening on its own page), a form to link this report into
 * the incident of another report, and one to split it out. Both forms name the incident the page
 * shows, so a change made meanwhile by someone else is refused, not overwritten.
 */
export function IncidentPanel({ report, targetDraft }: { report: ReportDetail; targetDraft?: string }) {
  const { t, language } = useTranslation();
  const { incident } = report;
  const others = incident.otherReports;
  return (
    <section className="staff-panel" aria-labelledby="incident-reports-title">
      <h2 id="incident-reports-title">{t('casework.incidentPanel.title')}</h2>
      <dl className="details-list">
        <dt>{t('casework.incidentPanel.incidentNumber')}</dt>
        <dd>
          <bdi dir="ltr">{incident.id}</bdi>
        </dd>
      </dl>
      <p>{incident.counts ? t('casework.incidentPanel.counts') : t('casework.incidentPanel.notCounted')}</p>
      {others.length === 0 ? (
        <p>{t('casework.incidentPanel.alone')}</p>
      ) : (
        <>
          <p>{t('casework.incidentPanel.otherReports', { count: others.length })}</p>
          <ul>
            {others.map((other) => (
              <li key={other.id}>
                <Link to={`${INTERNAL_PAGES.reports}/${other.id}`}>
                  {t('casework.incidentPanel.otherReport', { date: formatDateTime(other.receivedAt, language) })}
                </Link>{' '}
                ({t(`reportStatus.${other.status}`)})
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('casework.incidentPanel.linkTitle')}</h3>
      <p>{t('casework.incidentPanel.linkIntro')}</p>
      {/* Drawn anew once the incident changed, so that a number that was linked is not left in the box. */}
      <Form key={`${incident.id}-${incident.revision}`} method="post" className="staff-form" noValidate>
        <input type="hidden" name="from" value={incident.id} />
        <InputField
          label={t('casework.incidentPanel.linkTarget')}
          hint={t('casework.incidentPanel.linkTargetHint')}
          name="target"
          autoComplete="off"
          dir="ltr"
          defaultValue={targetDraft ?? ''}
        />
        <SubmitButton label={t('casework.incidentPanel.linkSubmit')} intent="incident-link" />
      </Form>
      {others.length > 0 && (
        <>
          <h3>{t('casework.incidentPanel.splitTitle')}</h3>
          <p>{t('casework.incidentPanel.splitIntro')}</p>
          <Form method="post" className="staff-form" noValidate>
            <input type="hidden" name="from" value={incident.id} />
            <SubmitButton label={t('casework.incidentPanel.splitSubmit')} intent="incident-split" variant="secondary" />
          </Form>
        </>
      )}
    </section>
  );
}
