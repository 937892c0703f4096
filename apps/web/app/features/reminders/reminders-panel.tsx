import { REMINDER_NOTE_MAX_LENGTH, type ReminderErrorCode, type ReportReminder } from '@app/core/casework/reminders';
import { useId } from 'react';
import { Form } from 'react-router';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, LongTextField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';

const DATE_ERRORS: readonly ReminderErrorCode[] = ['dateRequired', 'dateInvalid', 'dateInPast'];
const NOTE_ERRORS: readonly ReminderErrorCode[] = ['noteRequired', 'noteTooLong'];

/**
 * The reminders of a report: each with its day, note and who set it, to mark done or remove; and a
 * form for a new one (a day from today on, a short note only staff read).
 */
export function RemindersPanel({
  reminders,
  today,
  error,
  draft,
  at,
}: {
  reminders: ReportReminder[];
  /** Today in Belgium, YYYY-MM-DD: the earliest day a reminder can take. */
  today: string;
  error?: ReminderErrorCode;
  draft?: { dueOn?: string; note?: string };
  /** When the last answer came: a new answer is announced anew. */
  at?: number;
}) {
  const { t, language } = useTranslation();
  const message = error ? t(`reminders.errors.${error}`, { count: REMINDER_NOTE_MAX_LENGTH }) : undefined;
  return (
    <section className="staff-panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title" tabIndex={-1}>
        {t('reminders.title')}
      </h2>
      <p className="muted">{t('reminders.intro')}</p>
      {message && (
        <FormAlert key={at} title={t('reminders.errors.title')}>
          <p>{message}</p>
        </FormAlert>
      )}
      {reminders.length === 0 ? (
        <p>{t('reminders.none')}</p>
      ) : (
        <ul className="reminder-list">
          {reminders.map((reminder) => (
            <ReminderItem key={reminder.id} reminder={reminder} language={language} />
          ))}
        </ul>
      )}
      <Form method="post" className="staff-form" noValidate key={reminders.length}>
        <InputField
          label={t('reminders.date')}
          hint={t('reminders.dateHint')}
          name="dueOn"
          type="date"
          min={today}
          required
          defaultValue={draft?.dueOn ?? today}
          error={error && DATE_ERRORS.includes(error) ? message : undefined}
        />
        <LongTextField
          label={t('reminders.note')}
          hint={t('reminders.noteHint', { count: REMINDER_NOTE_MAX_LENGTH })}
          error={error && NOTE_ERRORS.includes(error) ? message : undefined}
          name="note"
          rows={3}
          required
          maxLength={REMINDER_NOTE_MAX_LENGTH}
          defaultValue={draft?.note}
        />
        <SubmitButton
          label={t('reminders.add')}
          busyLabel={t('reminders.adding')}
          intent="reminder-set"
          variant="secondary"
        />
      </Form>
    </section>
  );
}

function ReminderItem({ reminder, language }: { reminder: ReportReminder; language: string }) {
  const { t } = useTranslation();
  const dayId = useId();
  // Each button names the reminder's day, so that "Remove" says which reminder it removes.
  const action = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="button button--secondary" aria-describedby={dayId}>
      {label}
    </button>
  );
  const state = reminder.doneAt ? 'done' : reminder.isDue ? 'due' : 'later';
  return (
    <li className={`reminder reminder--${state}`}>
      <p className="reminder__day" id={dayId}>
        <strong>{formatDay(reminder.dueOn, language)}</strong>
        {state !== 'later' && (
          <span className={`tag tag--${state}`}>{t(state === 'due' ? 'reminders.due' : 'reminders.done')}</span>
        )}
      </p>
      <p className="user-text" dir="auto">
        {reminder.note}
      </p>
      <p className="muted">
        {reminder.doneAt
          ? t('reminders.doneBy', {
              name: reminder.doneBy ?? t('reminders.formerMember'),
              date: formatDateTime(reminder.doneAt, language),
            })
          : t('reminders.setBy', {
              name: reminder.createdBy ?? t('reminders.formerMember'),
              date: formatDateTime(reminder.createdAt, language),
            })}
      </p>
      <Form method="post" className="reminder__actions">
        <input type="hidden" name="reminderId" value={reminder.id} />
        {!reminder.doneAt && action('reminder-done', t('reminders.markDone'))}
        {action('reminder-remove', t('reminders.remove'))}
      </Form>
    </li>
  );
}
