import type { ReportDetail } from '@app/core/casework/casework-api';
import {
  AGREEMENT_CHANNELS,
  REFERRAL_OUTCOMES,
  REFERRAL_REFERENCE_MAX_LENGTH,
  REFERRAL_STATUSES,
  type ReferralView,
  type ReportReferrals,
} from '@app/core/casework/referrals';
import { belgianDayOf } from '@app/core/casework/working-days';
import { type AppErrorCode, errorMessageKey } from '@app/core/errors/error-codes';
import { isolate } from '@app/locales/bidi';
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { ErrorCodeAlert, FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

/** What the report's page hands back after a referral form: the refusal's code, and which form it was. */
export type ReferralFormAnswer = {
  error?: AppErrorCode;
  /** The referral whose follow-up form failed; absent for the form that refers. */
  referral?: string;
  draft?: Record<string, string>;
  at?: number;
};

/**
 * Referrals to partners on the report's page (decision 0050): the referrals made, each with its
 * status, reference and outcome to record, and the form to refer the case, shown only as the
 * reporter's answer allows (decision 0048): nothing after a "no" or a withdrawal, and after "ask me
 * first" (or no answer) the day and the way the reporter agreed are asked for. The operation
 * checks it all again.
 */
export function ReferralPanel({
  report,
  referrals,
  today,
  answer,
}: {
  report: ReportDetail;
  referrals: ReportReferrals;
  today: string;
  answer?: ReferralFormAnswer;
}) {
  const { t } = useTranslation();
  const referError = answer?.error && !answer.referral ? answer.error : undefined;
  const refused = report.reporterControl?.consentWithdrawnAt
    ? 'evidencePack.consentWithdrawn'
    : report.sharingConsent === 'no'
      ? 'evidencePack.consentRefused'
      : undefined;
  return (
    <section className="staff-panel" aria-labelledby="referrals-title" id="referrals" data-testid="referral-panel">
      <h2 id="referrals-title">{t('referrals.panel.title')}</h2>
      <p className="muted">{t('referrals.panel.intro', { count: referrals.answerWorkingDays })}</p>
      {referrals.referrals.length === 0 ? (
        <p>{t('referrals.panel.none')}</p>
      ) : (
        <ul className="reminder-list">
          {referrals.referrals.map((referral) => (
            <ReferralItem
              key={`${referral.id}-${referral.revision}`}
              referral={referral}
              answer={answer?.referral === referral.id ? answer : undefined}
              today={today}
            />
          ))}
        </ul>
      )}
      <h3>{t('referrals.panel.refer')}</h3>
      {refused ? (
        // The reporter said no, or withdrew their consent: nothing leaves, so no form.
        <p data-testid="referral-refused">{t(errorMessageKey(refused))}</p>
      ) : referrals.partners.length === 0 ? (
        <p>{t('referrals.panel.noPartners')}</p>
      ) : referrals.packs.length === 0 ? (
        <p>{t('referrals.panel.noPacks')}</p>
      ) : (
        <ReferForm report={report} referrals={referrals} today={today} error={referError} draft={answer?.draft} />
      )}
    </section>
  );
}

function ReferForm({
  report,
  referrals,
  today,
  error,
  draft,
}: {
  report: ReportDetail;
  referrals: ReportReferrals;
  today: string;
  error?: AppErrorCode;
  draft?: Record<string, string>;
}) {
  const { t, language } = useTranslation();
  // "Ask me first", or never asked: the reporter's agreement is recorded with the referral.
  const needsAgreement = report.sharingConsent !== 'yes';
  // The pack's sentence asks for its tick; this form asks for the day and the way instead.
  const message =
    error && t(error === 'evidencePack.askFirst' ? 'referrals.panel.askFirstRefused' : errorMessageKey(error));
  // A refusal about the reporter's agreement marks the field(s) it is about, described by the sentence.
  const dayMissing = !draft?.agreedOn;
  const viaMissing = !draft?.agreedVia;
  const agreedOnError =
    error === 'referrals.agreementDateInvalid' ||
    ((error === 'evidencePack.askFirst' || error === 'referrals.agreementIncomplete') && dayMissing)
      ? message
      : undefined;
  const agreedViaError =
    (error === 'evidencePack.askFirst' || error === 'referrals.agreementIncomplete') && viaMissing
      ? message
      : undefined;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // After the alert took the focus (a child's effect runs first): on to the field to correct.
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  return (
    <Form
      ref={form}
      method="post"
      className="staff-form"
      noValidate
      data-testid="referral-form"
      key={error ? 'draft' : undefined}
    >
      {error && (
        <FormAlert key={error} title={t('referrals.panel.errorTitle')}>
          <p>{message}</p>
        </FormAlert>
      )}
      <SelectField
        label={t('referrals.panel.partner')}
        name="partner"
        defaultValue={draft?.partner ?? referrals.partners[0]?.id}
        options={referrals.partners.map((partner) => ({
          value: partner.id,
          // The name isolated: a Latin name keeps its place before the kind on a Hebrew page.
          label: `${isolate(partner.name)} (${t(`referrals.kinds.${partner.kind}`)})`,
        }))}
      />
      <SelectField
        label={t('referrals.panel.pack')}
        name="pack"
        defaultValue={draft?.pack ?? referrals.packs[0]?.packId}
        options={referrals.packs.map((pack) => ({
          value: pack.packId,
          label: t('referrals.panel.packOption', {
            date: formatDateTime(pack.at, language),
            identity: t(pack.identityIncluded ? 'referrals.panel.withIdentity' : 'referrals.panel.withoutIdentity'),
          }),
        }))}
      />
      {needsAgreement && (
        <fieldset className="choice-group" data-testid="referral-agreement">
          <legend className="form-field__label">{t('referrals.panel.agreementTitle')}</legend>
          <p className="form-field__hint">{t('referrals.panel.agreementHint')}</p>
          <InputField
            label={t('referrals.panel.agreedOn')}
            name="agreedOn"
            type="date"
            max={today}
            defaultValue={draft?.agreedOn ?? ''}
            error={agreedOnError}
          />
          <SelectField
            label={t('referrals.panel.agreedVia')}
            name="agreedVia"
            defaultValue={draft?.agreedVia ?? ''}
            error={agreedViaError}
            options={[
              { value: '', label: '—' },
              ...AGREEMENT_CHANNELS.map((channel) => ({ value: channel, label: t(`referrals.channels.${channel}`) })),
            ]}
          />
        </fieldset>
      )}
      <SubmitButton label={t('referrals.panel.submit')} intent="refer" />
    </Form>
  );
}

function ReferralItem({
  referral,
  answer,
  today,
}: {
  referral: ReferralView;
  answer?: ReferralFormAnswer;
  today: string;
}) {
  const { t, language } = useTranslation();
  const draft = answer?.draft;
  const answerDayError =
    answer?.error === 'referrals.answerDateInvalid' || answer?.error === 'referrals.answerBeforeSent'
      ? t(errorMessageKey(answer.error))
      : undefined;
  return (
    <li className={referral.isOverdue ? 'reminder reminder--due' : 'reminder'} data-testid="referral">
      <p>
        <strong>
          <bdi>{referral.partner.name}</bdi>
        </strong>{' '}
        ({t(`referrals.kinds.${referral.partner.kind}`)}
        {referral.partner.disabled && `, ${t('referrals.panel.partnerDisabled')}`})
      </p>
      <p>
        {t('referrals.panel.sentOn', { date: formatDateTime(referral.sentAt, language) })}
        {referral.referredBy && ` · ${t('referrals.panel.by', { name: isolate(referral.referredBy) })}`}
        {' · '}
        {t(referral.identityIncluded ? 'referrals.panel.withIdentity' : 'referrals.panel.withoutIdentity')}
      </p>
      {referral.agreement && (
        <p>
          {t('referrals.panel.agreedLine', {
            date: formatDay(referral.agreement.on, language),
            via: t(`referrals.channels.${referral.agreement.via}`),
          })}
        </p>
      )}
      <p data-testid="referral-state">
        {t(`referrals.statuses.${referral.status}`)}
        {referral.status === 'sent' &&
          ` · ${
            referral.isOverdue
              ? t('referrals.panel.overdue')
              : t('referrals.panel.dueBy', { date: formatDateTime(referral.answerDueAt, language) })
          }`}
        {referral.firstAnswerOn &&
          ` · ${t('referrals.panel.firstAnswer', { date: formatDay(referral.firstAnswerOn, language) })}`}
        {referral.closedAt &&
          ` · ${t('referrals.panel.closedOn', { date: formatDateTime(referral.closedAt, language) })}`}
      </p>
      <Form method="post" className="staff-form" noValidate>
        <ErrorCodeAlert code={answer?.error} at={answer?.at} title={t('referrals.panel.errorTitle')} />
        <input type="hidden" name="referral" value={referral.id} />
        <input type="hidden" name="revision" value={referral.revision} />
        <SelectField
          label={t('referrals.panel.status')}
          name="status"
          defaultValue={draft?.status ?? referral.status}
          options={REFERRAL_STATUSES.map((status) => ({ value: status, label: t(`referrals.statuses.${status}`) }))}
        />
        <InputField
          label={t('referrals.panel.reference')}
          hint={t('referrals.panel.referenceHint')}
          name="reference"
          dir="auto"
          maxLength={REFERRAL_REFERENCE_MAX_LENGTH}
          autoComplete="off"
          defaultValue={draft?.reference ?? referral.reference ?? ''}
        />
        <InputField
          label={t('referrals.panel.answeredOn')}
          hint={t('referrals.panel.answeredOnHint')}
          name="answeredOn"
          type="date"
          min={belgianDayOf(new Date(referral.sentAt))}
          max={today}
          defaultValue={draft?.answeredOn ?? referral.firstAnswerOn ?? today}
          error={answerDayError}
        />
        <SelectField
          label={t('referrals.panel.outcome')}
          name="outcome"
          defaultValue={draft?.outcome ?? referral.outcome ?? ''}
          options={[
            { value: '', label: t('referrals.panel.outcomeNone') },
            ...REFERRAL_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`referrals.outcomes.${outcome}`) })),
          ]}
        />
        <SubmitButton label={t('referrals.panel.update')} intent="referral-update" variant="secondary" />
      </Form>
    </li>
  );
}
