import type { DueReminder } from '@app/core/casework/reminders';
import { Link } from 'react-router';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

/**
 * The dashboard's reminders that are this member's to act on today: on reports assigned to them,
 * or to nobody; the oldest day first, each with its note and a link to its report.
 */
export function DueReminders({ dueReminders }: { dueReminders: { count: number; reminders: DueReminder[] } }) {
  const { t, language } = useTranslation();
  const hidden = dueReminders.count - dueReminders.reminders.length;
  return (
    <section aria-labelledby="due-reminders" className="staff-panel">
      <h2 id="due-reminders" tabIndex={-1}>
        {t('reminders.dueTitle')}
      </h2>
      <p className="muted">{t('reminders.dueIntro')}</p>
      {dueReminders.reminders.length === 0 ? (
        <p>{t('reminders.noneDue')}</p>
      ) : (
        <ul className="reminder-list">
          {dueReminders.reminders.map((reminder) => (
            <li key={reminder.id} className="reminder reminder--due">
              <p className="reminder__day">
                <strong>{formatDay(reminder.dueOn, language)}</strong>
              </p>
              <p className="user-text" dir="auto">
                {reminder.note}
              </p>
              <p>
                <Link to={`${INTERNAL_PAGES.reports}/${reminder.reportId}#reminders-title`}>
                  {t('reminders.openReport', {
                    type: t(`incidentTypes.${reminder.incidentType}.label`),
                    date: formatDateTime(reminder.reportReceivedAt, language),
                  })}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="muted">{t('reminders.moreDue', { count: hidden })}</p>}
    </section>
  );
}
