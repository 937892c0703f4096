import type { ContactMessageInput } from '@app/core/forms/contact.schema';
import { CONTACT_MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from '@app/core/forms/limits';
import type { ContactFormAnswer } from '@app/core/forms/plain-forms';
import type { Language } from '@app/locales/languages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localizedPath } from '../../paths.ts';
import { AltchaField, type AltchaHandle } from '../../shared/forms/altcha-field.tsx';
import { coreResolver, toHookFormErrors } from '../../shared/forms/core-resolver.ts';
import { EnhancedForm, SendButton } from '../../shared/forms/enhanced-form.tsx';
import { ErrorSummary } from '../../shared/forms/error-summary.tsx';
import { FailureMessage } from '../../shared/forms/failure-message.tsx';
import { focusWhenShown } from '../../shared/forms/focus-when-shown.ts';
import { Honeypot, readHoneypot } from '../../shared/forms/honeypot.tsx';
import { WithoutJavaScriptNote } from '../../shared/forms/plain-form.tsx';
import { registeredIn } from '../../shared/forms/registered.ts';
import { SuccessPanel } from '../../shared/forms/success-panel.tsx';
import { EmailField, PhoneField, TextAreaField, TextField } from '../../shared/forms/text-fields.tsx';
import { useSubmission } from '../../shared/forms/use-submission.ts';
import { useUnsavedChanges } from '../../shared/forms/use-unsaved-changes.ts';

type ContactFormValues = Omit<ContactMessageInput, 'language'>;
const EMPTY: ContactFormValues = { firstName: '', lastName: '', email: '', phone: '', message: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'] as const;

/**
 * The contact form: a name, an email address and the message; nothing typed is lost on an error.
 * Without JavaScript it posts to the page's own address and the server answers with the page
 * (`answer`: the problems and the values, or the confirmation); decision 0021.
 */
export function ContactForm({ language, answer }: { language: Language; answer?: ContactFormAnswer }) {
  const { t } = useTranslation();
  const returned = answer?.state === 'editing' ? answer : undefined;
  const returnedErrors = useMemo(() => (returned?.errors ? toHookFormErrors(returned.errors) : undefined), [returned]);
  const [isSentWithoutScript, setIsSentWithoutScript] = useState(answer?.state === 'sent');
  // The server's own rules, loaded just after the form is on screen (not in the first load).
  const resolver = useMemo(
    () =>
      coreResolver(() =>
        import('@app/core/forms/contact.schema').then(
          ({ validateContactMessage }) =>
            (values: ContactFormValues) =>
              validateContactMessage({ language, ...values }),
        ),
      ),
    [language],
  );
  const form = useForm<ContactFormValues>({
    defaultValues: returned?.values ?? EMPTY,
    errors: returnedErrors,
    resolver,
    shouldFocusError: false,
  });
  useEffect(() => resolver.preload(), [resolver]);
  const { isSending, isSent, failure, submit, startAgain } = useSubmission();
  const summary = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const altcha = useRef<AltchaHandle>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  useUnsavedChanges(!isSent && form.formState.isDirty);

  const send = form.handleSubmit(
    async (values) => {
      const result = await submit('/api/contact-messages', async () => ({
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          message: { language, ...values },
          altcha: (await altcha.current?.takePayload()) ?? '',
          website: readHoneypot(honeypot),
        }),
      }));
      if (!result || result.ok) return;
      for (const [field, code] of Object.entries(result.failure.fields ?? {})) {
        form.setError(field as keyof ContactFormValues, { type: code, message: code });
      }
      requestAnimationFrame(() => (result.failure.fields ? summary : failureBox).current?.focus());
    },
    () => focusWhenShown(summary),
  );

  if (isSent || isSentWithoutScript) {
    return (
      <SuccessPanel
        title={t('contactForm.success')}
        text={t('contactForm.successNext')}
        againLabel={t('contactForm.sendAnother')}
        againHref={localizedPath('contact', language)}
        id="contact-form"
        onAgain={() => {
          form.reset(EMPTY);
          setIsSentWithoutScript(false);
          startAgain();
        }}
      />
    );
  }

  const errors = form.formState.errors;
  const registered = registeredIn(form);
  const labels = Object.fromEntries(FIELDS.map((field) => [field, t(`contactForm.${field}`)]));
  return (
    <EnhancedForm
      id="contact-form"
      className="contact-form"
      // No #fragment: a page that opens at a fragment skips `autofocus`, which brings the person to
      // the problems or the answer when the form is sent without JavaScript.
      action={localizedPath('contact', language)}
      onSubmit={send}
      labelledBy="contact-form-title"
      idPrefix="contact-"
      initialValues={returned?.values}
    >
      <h2 id="contact-form-title">{t('contactForm.title')}</h2>
      <FailureMessage ref={failureBox} failure={failure ?? returned?.failure} />
      <ErrorSummary
        ref={summary}
        errors={errors}
        labels={labels}
        order={FIELDS}
        onSelect={(field) => form.setFocus(field as keyof ContactFormValues)}
      />
      <div className="field-row">
        <TextField
          label={labels.firstName ?? ''}
          {...registered('firstName')}
          isRequired
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          label={labels.lastName ?? ''}
          {...registered('lastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
        />
      </div>
      <div className="field-row">
        <EmailField label={labels.email ?? ''} {...registered('email')} isRequired />
        <PhoneField label={labels.phone ?? ''} {...registered('phone')} />
      </div>
      <TextAreaField
        label={labels.message ?? ''}
        {...registered('message')}
        isRequired
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        length={form.watch('message').length}
      />
      <p className="privacy-note">
        <RichText
          template={t('contactForm.privacyNote')}
          components={{
            privacy: (text) => (
              <a href={localizedPath('privacy', language)} target="_blank" rel="noopener">
                {text}
              </a>
            ),
          }}
        />
      </p>
      <Honeypot inputRef={honeypot} />
      <AltchaField ref={altcha} />
      <WithoutJavaScriptNote />
      <div className="form-actions">
        <SendButton label={t('contactForm.submit')} isSending={isSending} />
      </div>
    </EnhancedForm>
  );
}
