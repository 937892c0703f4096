import type { ReportDetail } from '@app/core/casework/casework-api';
import { PACK_LANGUAGES, PACK_RECIPIENTS, type PackLanguage } from '@app/core/casework/evidence-pack';
import type { SectionCode } from '@app/core/errors/error-codes';
import { languageInfo } from '@app/locales/languages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ErrorCodeAlert } from '../../shared/staff/form-alert.tsx';
import { FileChoice, IdentityChoice, MessageChoice, RadioChoice } from './evidence-pack-choices.tsx';

/**
 * The evidence pack for the police or Unia (decision 0026): a plain form to the server, whose answer
 * is a page to print (in a new tab) or a zip download, only as the reporter's answer allows
 * (decision 0048): none after a "no" or a withdrawal, and after "ask me first" only once the
 * coordinator records that they asked. The operation checks it again and records the pack.
 */
export function EvidencePackPanel({ report, error }: { report: ReportDetail; error?: SectionCode<'evidencePack'> }) {
  const { t } = useTranslation();
  const id = useId();
  const [pickError, setPickError] = useState(false);
  const messages = report.thread?.messages ?? [];
  const shown = error ?? (pickError ? 'evidencePack.noMessagesPicked' : undefined);
  // "Picked" with nothing picked is said at once, without a trip to the server.
  const checkPicked = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const missing = form.get('messages') === 'picked' && form.getAll('messageIds').length === 0;
    setPickError(missing);
    if (missing) event.preventDefault();
  };
  return (
    <section className="staff-panel" aria-labelledby="evidence-pack-title" id="evidence-pack">
      <h2 id="evidence-pack-title">{t('casework.evidencePack.title')}</h2>
      <p className="muted">{t('casework.evidencePack.intro')}</p>
      {report.reporterControl?.consentWithdrawnAt ? (
        // The reporter withdrew their consent (decision 0046): nothing more leaves, so no form.
        <p data-testid="evidence-pack-withdrawn">{t('casework.evidencePack.errors.consentWithdrawn')}</p>
      ) : report.sharingConsent === 'no' ? (
        // The reporter answered no (decision 0048): not even the facts without their name leave.
        <p data-testid="evidence-pack-refused">{t('casework.evidencePack.errors.consentRefused')}</p>
      ) : (
        <>
          <ErrorCodeAlert code={shown} at={shown} title={t('casework.evidencePack.errorTitle')} />
          <form
            method="post"
            action={`/api/internal/reports/${report.id}/evidence-pack`}
            className="staff-form evidence-pack-form"
            data-testid="evidence-pack-form"
            onSubmit={checkPicked}
          >
            <RecipientAndLanguage id={id} />
            <MessageChoice id={id} messages={messages} />
            <FileChoice id={id} files={packableFiles(report)} />
            <IdentityChoice id={id} report={report} />
            <p className="form-field__hint">{t('casework.evidencePack.formatsHint')}</p>
            <div className="evidence-pack-form__actions">
              <button type="submit" className="button button--primary" name="format" value="page" formTarget="_blank">
                {t('casework.evidencePack.openPage')}
              </button>
              <button type="submit" className="button button--secondary" name="format" value="zip">
                {t('casework.evidencePack.downloadZip')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

/** Who the pack is for, and its language (the staff member's own when the pack has it, else Dutch). */
function RecipientAndLanguage({ id }: { id: string }) {
  const { t, language } = useTranslation();
  const defaultLanguage: PackLanguage = (PACK_LANGUAGES as readonly string[]).includes(language)
    ? (language as PackLanguage)
    : 'nl';
  return (
    <>
      <RadioChoice
        legend={t('casework.evidencePack.recipient')}
        idPrefix={`${id}-recipient`}
        name="recipient"
        options={PACK_RECIPIENTS.map((recipient) => ({
          value: recipient,
          label: t(`casework.evidencePack.${recipient}`),
        }))}
        checked={PACK_RECIPIENTS[0]}
      />
      <RadioChoice
        legend={t('casework.evidencePack.language')}
        idPrefix={`${id}-language`}
        name="language"
        options={PACK_LANGUAGES.map((code) => ({ value: code, label: languageInfo(code).nativeName, lang: code }))}
        checked={defaultLanguage}
      />
    </>
  );
}

/** The report's own files, then each message's, in the order the pack numbers them. */
function packableFiles(report: ReportDetail) {
  const messages = report.thread?.messages ?? [];
  return [
    ...report.attachments.map((file) => ({ file, messageAt: null as string | null })),
    ...messages.flatMap((message) => message.attachments.map((file) => ({ file, messageAt: message.at }))),
  ];
}
