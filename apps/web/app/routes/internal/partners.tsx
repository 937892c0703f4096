import {
  PARTNER_ACCEPTS_MAX_LENGTH,
  PARTNER_CONTACT_MAX_LENGTH,
  PARTNER_KINDS,
  PARTNER_NAME_MAX_LENGTH,
  type PartnerView,
} from '@app/core/casework/referrals';
import { AppError } from '@app/core/errors/app-error';
import { isolate } from '@app/locales/bidi';
import { Form, type ShouldRevalidateFunctionArgs } from 'react-router';
import tagsStylesheet from '../../features/casework/tags-page.css?url';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { InputField, LongTextField, SelectField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import type { Route } from './+types/partners';

/**
 * The directory of partner organisations (decision 0050), kept by admins: add one with its name,
 * kind, contact and what it accepts, change it, disable it (its referrals keep it) or enable it
 * again. Plain forms: the page works without JavaScript.
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: tagsStylesheet }];

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { partners } = await requireStaff(args, 'partners:manage');
  return { partners: await partners.list() };
});

const FIELDS = ['name', 'kind', 'contact', 'accepts'] as const;

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { partners } = await requireStaff(args, 'partners:manage');
  const form = await args.request.formData();
  const intent = field(form, 'intent');
  const partner = field(form, 'partner');
  const revision = field(form, 'revision');
  const values = Object.fromEntries(FIELDS.map((name) => [name, field(form, name)])) as Record<
    (typeof FIELDS)[number],
    string
  >;
  const at = Date.now();
  const answer = async (change: () => Promise<unknown>) => {
    try {
      await change();
      return { intent, partner, error: undefined, values: undefined, at };
    } catch (error) {
      return formFailure(error, 'referrals', (code) => ({ intent, partner, error: code, values, at }));
    }
  };
  if (intent === 'create') return answer(() => partners.create(values));
  if (intent === 'update') return answer(() => partners.update(partner, { ...values, revision }));
  if (intent === 'disable' || intent === 'enable') {
    return answer(() => partners.setDisabled(partner, { disabled: intent === 'disable', revision }));
  }
  throw new AppError('BAD_REQUEST');
});

/** After a lost race, show the partners as they are now. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.error === 'conflict' || actionResult?.error === 'partnerNotFound'
    ? true
    : defaultShouldRevalidate;
}

/** The field a refusal is about, so that its sentence stands by that field too. */
const FIELD_OF_ERROR: Partial<Record<string, (typeof FIELDS)[number]>> = {
  nameRequired: 'name',
  nameTooLong: 'name',
  invalidChoice: 'kind',
  contactTooLong: 'contact',
  acceptsTooLong: 'accepts',
};

function PartnerFields({
  values,
  error,
}: {
  values?: Partial<Record<(typeof FIELDS)[number], string>>;
  /** The refusal of this form, if it was this one. */
  error?: string;
}) {
  const { t } = useTranslation();
  const errorOf = (name: (typeof FIELDS)[number]) =>
    error && FIELD_OF_ERROR[error] === name ? t(`referrals.errors.${error}`) : undefined;
  return (
    <>
      <InputField
        label={t('referrals.name')}
        error={errorOf('name')}
        name="name"
        dir="auto"
        maxLength={PARTNER_NAME_MAX_LENGTH}
        autoComplete="off"
        defaultValue={values?.name ?? ''}
      />
      <SelectField
        label={t('referrals.kind')}
        error={errorOf('kind')}
        name="kind"
        defaultValue={values?.kind ?? PARTNER_KINDS[0]}
        options={PARTNER_KINDS.map((kind) => ({ value: kind, label: t(`referrals.kinds.${kind}`) }))}
      />
      <LongTextField
        label={t('referrals.contact')}
        hint={t('referrals.contactHint')}
        error={errorOf('contact')}
        name="contact"
        dir="auto"
        maxLength={PARTNER_CONTACT_MAX_LENGTH}
        rows={3}
        defaultValue={values?.contact ?? ''}
      />
      <LongTextField
        label={t('referrals.accepts')}
        hint={t('referrals.acceptsHint')}
        error={errorOf('accepts')}
        name="accepts"
        dir="auto"
        maxLength={PARTNER_ACCEPTS_MAX_LENGTH}
        rows={3}
        defaultValue={values?.accepts ?? ''}
      />
    </>
  );
}

export default function Partners({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const draftFor = (intent: string, partner = '') =>
    actionData?.error && actionData.intent === intent && actionData.partner === partner ? actionData.values : undefined;
  const errorFor = (intent: string, partner = '') =>
    actionData?.error && actionData.intent === intent && actionData.partner === partner ? actionData.error : undefined;
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('referrals.title')} · ${t('internal.areaName')}`}</title>
      <h1>{t('referrals.title')}</h1>
      <p>{t('referrals.intro')}</p>
      {actionData?.error && (
        <FormAlert key={actionData.at}>
          <p>{t(`referrals.errors.${actionData.error}`)}</p>
        </FormAlert>
      )}
      {actionData && !actionData.error && (
        <FormAlert key={actionData.at} tone="success">
          <p>{t('referrals.saved')}</p>
        </FormAlert>
      )}
      <section className="staff-panel" aria-labelledby="partners-add-title">
        <h2 id="partners-add-title">{t('referrals.add')}</h2>
        <Form method="post" className="staff-form" noValidate key={actionData?.error ? 'draft' : actionData?.at}>
          <input type="hidden" name="intent" value="create" />
          <PartnerFields values={draftFor('create')} error={errorFor('create')} />
          <SubmitButton label={t('referrals.addSubmit')} />
        </Form>
      </section>
      <section className="staff-panel" aria-labelledby="partners-list-title">
        <h2 id="partners-list-title">{t('referrals.listLabel')}</h2>
        {loaderData.partners.length === 0 ? (
          <p>{t('referrals.none')}</p>
        ) : (
          <ul className="tag-list">
            {loaderData.partners.map((partner) => (
              <PartnerItem
                key={`${partner.id}-${partner.revision}`}
                partner={partner}
                draft={draftFor('update', partner.id)}
                error={errorFor('update', partner.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function PartnerItem({
  partner,
  draft,
  error,
}: {
  partner: PartnerView;
  draft?: Record<string, string>;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="tag-list__item" data-testid="partner">
      <h3>
        <bdi>{partner.name}</bdi>{' '}
        <span className="muted">({partner.disabled ? t('referrals.disabled') : t('referrals.active')})</span>
      </h3>
      <p>
        {t(`referrals.kinds.${partner.kind}`)} · {t('referrals.referralCount', { count: partner.referrals })}
      </p>
      {/* What an admin wrote, in its own direction (a Dutch address on a Hebrew page). */}
      {partner.contact && (
        <p className="user-text" dir="auto">
          {partner.contact}
        </p>
      )}
      {partner.accepts && (
        <p className="user-text muted" dir="auto">
          {partner.accepts}
        </p>
      )}
      <details open={draft !== undefined}>
        <summary>
          {t('referrals.edit')}
          <span className="visually-hidden">
            {' '}
            (<bdi>{partner.name}</bdi>)
          </span>
        </summary>
        <Form method="post" className="staff-form" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="partner" value={partner.id} />
          <input type="hidden" name="revision" value={partner.revision} />
          <PartnerFields values={draft ?? partner} error={error} />
          <SubmitButton
            label={t('referrals.editSubmit')}
            ariaLabel={t('referrals.editSubmitLabel', { name: isolate(partner.name) })}
          />
        </Form>
      </details>
      <Form method="post" className="staff-form">
        <input type="hidden" name="partner" value={partner.id} />
        <input type="hidden" name="revision" value={partner.revision} />
        <SubmitButton
          label={partner.disabled ? t('referrals.enable') : t('referrals.disable')}
          // Each partner's button names it: a list of "Disable" buttons says nothing to a screen reader.
          ariaLabel={t(partner.disabled ? 'referrals.enableLabel' : 'referrals.disableLabel', {
            name: isolate(partner.name),
          })}
          intent={partner.disabled ? 'enable' : 'disable'}
          variant="secondary"
        />
      </Form>
    </li>
  );
}
