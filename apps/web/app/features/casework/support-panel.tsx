import {
  type ReportSupport,
  SAFETY_PLAN_MAX_LENGTH,
  SUPPORT_NEEDS,
  SUPPORT_SERVICE_MAX_LENGTH,
  SUPPORT_WITHDRAWAL_MAX_LENGTH,
} from '@app/core/casework/support';
import { type AppErrorCode, errorMessageKey } from '@app/core/errors/error-codes';
import { isolate } from '@app/locales/bidi';
import { Form } from 'react-router';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, LongTextField, SelectField } from '../../shared/forms/input-fields.tsx';
import { ErrorCodeAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/** What the report's page hands back after a support form: the refusal's code, which form, and what was typed. */
export type SupportFormAnswer = {
  intent: 'support-needs' | 'support-service' | 'safety-plan' | 'support-withdraw';
  error: AppErrorCode;
  draft?: Record<string, string>;
  at?: number;
};

/**
 * Support given on the report's page (decision 0053): the needs the reporter raised, the services
 * given for them and by whom, the safety plan (sealed; the server sends it only to the roles that
 * write it), and the reporter's answer once the case closed. Plain forms; the operations check
 * everything again.
 */
export function SupportPanel({
  support,
  today,
  answer,
}: {
  support: ReportSupport;
  today: string;
  answer?: SupportFormAnswer;
}) {
  const { t, language } = useTranslation();
  const errorOf = (intent: SupportFormAnswer['intent']) =>
    answer?.intent === intent ? (
      <ErrorCodeAlert code={answer.error} at={answer.at} title={t('support.panel.errorTitle')} />
    ) : null;
  const draft = answer?.draft;
  return (
    <section className="staff-panel" aria-labelledby="support-title" id="support" data-testid="support-panel">
      <h2 id="support-title">{t('support.panel.title')}</h2>

      <Form method="post" className="staff-form" noValidate data-testid="support-needs">
        {errorOf('support-needs')}
        <input type="hidden" name="revision" value={support.revision} />
        <fieldset className="choice-group">
          <legend className="form-field__label">{t('support.panel.needs')}</legend>
          {SUPPORT_NEEDS.map((need) => (
            <label className="choice" key={need}>
              <input type="checkbox" name="needs" value={need} defaultChecked={support.needs.includes(need)} />
              <span className="choice__text">
                <span className="choice__label">{t(`support.needs.${need}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton label={t('support.panel.saveNeeds')} intent="support-needs" variant="secondary" />
      </Form>

      <h3>{t('support.panel.services')}</h3>
      {support.services.length === 0 ? (
        <p>{t('support.panel.noServices')}</p>
      ) : (
        <ul className="reminder-list" data-testid="support-services">
          {support.services.map((service) => (
            <li key={service.id} className="reminder">
              <p>
                <strong>{t(`support.needs.${service.need}`)}</strong> · {formatDay(service.givenOn, language)} ·{' '}
                {t(service.provider === 'staff' ? 'support.panel.byMember' : 'support.panel.byPartner', {
                  name: isolate(service.providerName),
                })}
              </p>
              {service.description !== null && (
                <p className="user-text" dir="auto">
                  {service.description}
                </p>
              )}
              {service.withdrawn ? (
                <div data-testid="support-withdrawn">
                  <p>
                    <span className="tag">{t('support.panel.withdrawnTag')}</span>{' '}
                    {t(service.withdrawn.by ? 'support.panel.withdrawnBy' : 'support.panel.withdrawnOn', {
                      date: formatDateTime(service.withdrawn.at, language),
                      name: isolate(service.withdrawn.by ?? ''),
                    })}
                  </p>
                  {service.withdrawn.reason !== null && (
                    <p>
                      {t('support.panel.withdrawnReason')} <bdi className="user-text">{service.withdrawn.reason}</bdi>
                    </p>
                  )}
                </div>
              ) : (
                <WithdrawService
                  serviceId={service.id}
                  name={t('support.panel.serviceName', {
                    need: t(`support.needs.${service.need}`),
                    date: formatDay(service.givenOn, language),
                  })}
                  answer={
                    answer?.intent === 'support-withdraw' && answer.draft?.service === service.id ? answer : undefined
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {support.needs.length === 0 ? (
        <p className="muted">{t('support.panel.needsFirst')}</p>
      ) : (
        // A new key once a service is recorded: the form starts empty again for the next one (a
        // refusal keeps what was typed, from the draft, under the same key).
        <Form
          method="post"
          className="staff-form"
          noValidate
          data-testid="support-service-form"
          key={`service-form-${support.services.length}`}
        >
          {errorOf('support-service')}
          <SelectField
            label={t('support.panel.need')}
            name="need"
            defaultValue={draft?.need ?? support.needs[0]}
            options={support.needs.map((need) => ({ value: need, label: t(`support.needs.${need}`) }))}
          />
          <InputField
            label={t('support.panel.description')}
            hint={t('support.panel.descriptionHint')}
            name="description"
            dir="auto"
            maxLength={SUPPORT_SERVICE_MAX_LENGTH}
            defaultValue={draft?.description ?? ''}
          />
          <SelectField
            label={t('support.panel.givenBy')}
            name="givenBy"
            defaultValue={draft?.givenBy ?? ''}
            options={[
              { value: '', label: '—' },
              ...support.members.map((member) => ({
                value: `staff:${member.id}`,
                label: t('support.panel.byMember', { name: member.name }),
              })),
              ...support.partners.map((partner) => ({
                value: `partner:${partner.id}`,
                label: t('support.panel.byPartner', { name: partner.name }),
              })),
            ]}
          />
          <InputField
            label={t('support.panel.givenOn')}
            name="givenOn"
            type="date"
            max={today}
            defaultValue={draft?.givenOn ?? today}
          />
          <SubmitButton label={t('support.panel.addService')} intent="support-service" variant="secondary" />
        </Form>
      )}

      {support.safetyPlan !== undefined && (
        <Form method="post" className="staff-form" noValidate data-testid="safety-plan-form">
          {errorOf('safety-plan')}
          <input type="hidden" name="revision" value={support.revision} />
          <LongTextField
            label={t('support.panel.safetyPlan')}
            hint={t('support.panel.safetyPlanHint')}
            name="plan"
            dir="auto"
            maxLength={SAFETY_PLAN_MAX_LENGTH}
            rows={4}
            defaultValue={draft?.plan ?? support.safetyPlan ?? ''}
          />
          <SubmitButton label={t('support.panel.savePlan')} intent="safety-plan" variant="secondary" />
        </Form>
      )}

      <h3>{t('support.panel.feedbackTitle')}</h3>
      <p data-testid="support-feedback">
        {!support.feedback
          ? t('support.panel.notAsked')
          : support.feedback.rating === null
            ? t('support.panel.askedOn', { date: formatDateTime(support.feedback.askedAt, language) })
            : t('support.panel.answered', {
                rating: support.feedback.rating,
                date: formatDateTime(support.feedback.answeredAt ?? support.feedback.askedAt, language),
              })}
      </p>
      {support.feedback?.words && (
        <p className="user-text" dir="auto">
          {support.feedback.words}
        </p>
      )}
    </section>
  );
}

/**
 * Withdrawing one service recorded by mistake (decision 0053, amended): folded away under its own
 * summary, which names the service for a screen reader; the reason is required and kept sealed.
 */
function WithdrawService({
  serviceId,
  name,
  answer,
}: {
  serviceId: string;
  /** The service in words (its need and day), for the controls' names. */
  name: string;
  answer?: SupportFormAnswer;
}) {
  const { t } = useTranslation();
  const reasonError =
    answer?.error === 'support.withdrawalReasonRequired' || answer?.error === 'support.withdrawalReasonTooLong'
      ? t(errorMessageKey(answer.error))
      : undefined;
  return (
    <details className="support-withdraw" open={answer !== undefined}>
      <summary>
        {t('support.panel.withdraw')}
        <span className="visually-hidden"> ({name})</span>
      </summary>
      <Form method="post" className="staff-form" noValidate data-testid="support-withdraw-form">
        <ErrorCodeAlert code={answer?.error} at={answer?.at} title={t('support.panel.errorTitle')} />
        <input type="hidden" name="service" value={serviceId} />
        <InputField
          name="reason"
          label={t('support.panel.withdrawReason')}
          error={reasonError}
          hint={t('support.panel.withdrawHint')}
          defaultValue={answer?.draft?.reason ?? ''}
          maxLength={SUPPORT_WITHDRAWAL_MAX_LENGTH}
          dir="auto"
        />
        <SubmitButton
          label={t('support.panel.withdrawSubmit')}
          ariaLabel={t('support.panel.withdrawSubmitLabel', { service: name })}
          intent="support-withdraw"
          variant="danger"
        />
      </Form>
    </details>
  );
}
