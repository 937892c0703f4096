import { firstIssueCode } from '@app/core/errors/schema-failure';
import {
  PASSKEY_NAME_MAX_LENGTH,
  type PasskeyCeremonyOptions,
  type PasskeyErrorCode,
  type PasskeySummary,
  passkeyNameSchema,
} from '@app/core/staff/passkeys';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { createPasskey } from './passkey-ceremony.ts';
import { usePasskeyCeremony } from './use-passkey-ceremony.ts';

/**
 * A name the member typed, isolated from the sentence around it (Unicode FSI…PDI): a Latin name in
 * a Hebrew or Yiddish sentence keeps the quotation marks on its own sides.
 */
const isolated = (name: string) => `\u2068${name}\u2069`;

/** What the account page's action answers to a passkey step. */
export type PasskeyAnswer = {
  passkeyOptions?: PasskeyCeremonyOptions;
  passkeyError?: PasskeyErrorCode;
  passkeyDone?: 'added' | 'renamed' | 'removed';
  at: number;
};

/**
 * The member's passkeys on the account page (decision 0032): the list, renaming and removing
 * (plain forms, which work without JavaScript), and adding one (which needs the browser's WebAuthn).
 */
export function PasskeyList({ passkeys, answer }: { passkeys: PasskeySummary[]; answer?: PasskeyAnswer }) {
  const { t, language } = useTranslation();
  return (
    <section className="staff-panel" aria-labelledby="passkeys">
      <h2 id="passkeys">{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {answer?.passkeyDone && answer.passkeyDone !== 'added' && (
        <FormAlert key={answer.at} tone="success">
          <p>{t(`passkeys.${answer.passkeyDone}`)}</p>
        </FormAlert>
      )}
      {answer?.passkeyError && (
        <FormAlert key={answer.at} title={t('passkeys.errors.title')}>
          <p>{t(`passkeys.errors.${answer.passkeyError}`)}</p>
        </FormAlert>
      )}
      {passkeys.length === 0 ? (
        <p>{t('passkeys.none')}</p>
      ) : (
        <ul className="passkey-list" aria-label={t('passkeys.listLabel')}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="passkey-list__item">
              <p className="passkey-list__name">
                <bdi>{passkey.name}</bdi>
              </p>
              <p className="muted">
                {t('passkeys.createdOn', { date: formatDateTime(passkey.createdAt, language) })} ·{' '}
                {passkey.lastUsedAt
                  ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, language) })
                  : t('passkeys.neverUsed')}
                {passkey.backedUp && <> · {t('passkeys.synced')}</>}
              </p>
              <details className="passkey-list__rename">
                <summary>{t('passkeys.rename')}</summary>
                <Form method="post" className="staff-form">
                  <input type="hidden" name="passkeyId" value={passkey.id} />
                  <InputField
                    label={t('passkeys.renameLabel', { name: isolated(passkey.name) })}
                    name="name"
                    defaultValue={passkey.name}
                    required
                    maxLength={PASSKEY_NAME_MAX_LENGTH}
                  />
                  <SubmitButton
                    label={t('passkeys.renameSubmit')}
                    busyLabel={t('account.submitting')}
                    intent="passkey-rename"
                    variant="secondary"
                  />
                </Form>
              </details>
              <Form method="post">
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <SubmitButton
                  label={t('passkeys.remove', { name: isolated(passkey.name) })}
                  busyLabel={t('account.submitting')}
                  intent="passkey-remove"
                  variant="danger"
                />
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
      <p className="muted">{t('passkeys.lost')}</p>
    </section>
  );
}

/** Naming, then the device's dialog, then the server's check: a fetcher runs the three steps. */
function AddPasskey() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const formKey = useRef(0);
  const { fetcher, supported, busy, problem, setProblem } = usePasskeyCeremony<PasskeyAnswer>(
    createPasskey,
    (response) => ({ intent: 'passkey-register', name, response }),
  );

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const added = answer?.passkeyDone === 'added';
  useEffect(() => {
    if (added) {
      formKey.current += 1;
      setName('');
    }
  }, [added]);

  if (!supported) return null;
  const error = problem ?? answer?.passkeyError;
  return (
    <div className="passkey-add">
      <h3>{t('passkeys.add')}</h3>
      {added && (
        <FormAlert key={answer?.at} tone="success">
          <p>{t('passkeys.added')}</p>
        </FormAlert>
      )}
      {error && (
        <FormAlert key={`${answer?.at}-${error}`} title={t('passkeys.errors.title')}>
          <p>{t(`passkeys.errors.${error}`)}</p>
        </FormAlert>
      )}
      <form
        className="staff-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          const parsed = passkeyNameSchema.safeParse(name);
          if (!parsed.success) {
            setProblem(firstIssueCode('passkeys', parsed.error));
            return;
          }
          setProblem(undefined);
          fetcher.submit({ intent: 'passkey-options' }, { method: 'post' });
        }}
      >
        <InputField
          key={formKey.current}
          label={t('passkeys.name')}
          hint={t('passkeys.nameHint')}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? t('passkeys.adding') : t('passkeys.add')}
        </button>
      </form>
    </div>
  );
}
