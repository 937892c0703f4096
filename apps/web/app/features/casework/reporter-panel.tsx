import type { ReporterIdentity } from '@app/core/casework/casework-api';
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'address'] as const;

/** The reporter's identity: hidden until a staff member asks for it, which the audit log records. */
export function ReporterPanel({ isAnonymous, reporter }: { isAnonymous: boolean; reporter?: ReporterIdentity }) {
  const { t } = useTranslation();
  return (
    <section className="staff-panel" aria-labelledby="reporter-title">
      <h2 id="reporter-title">{t('casework.reporterTitle')}</h2>
      {isAnonymous ? (
        <p>{t('casework.anonymousReport')}</p>
      ) : reporter ? (
        <dl className="details-list" data-testid="reporter-details">
          {FIELDS.filter((field) => reporter[field]).map((field) => (
            <div key={field} className="details-list__row">
              <dt>{t(`casework.${field}`)}</dt>
              <dd className="user-text">
                {field === 'email' ? <a href={`mailto:${reporter.email}`}>{reporter.email}</a> : reporter[field]}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <>
          <p>{t('casework.reporterHidden')}</p>
          <Form method="post">
            <SubmitButton label={t('casework.showReporter')} intent="reveal" variant="secondary" />
          </Form>
        </>
      )}
    </section>
  );
}
