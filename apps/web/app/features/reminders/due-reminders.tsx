import type { DueReminder } from '@app/core/casework/reminders';
import { Link } from 'react-router';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { DueList } from '../../shared/staff/due-list.tsx';

/**
 * The dashboard's reminders that are this member's to act on today: on reports assigned to them,
 * or to nobody; the oldest day first, each with its note and a link to its report.
 */
export function DueReminders({ dueReminders }: { dueReminders: { count: number; reminders: DueReminder[] } }) {
  const { t, language } = useTranslation();
  return (
    <DueList
      id="due-reminders"
      title={t('reminders.dueTitle')}
      intro={t('reminders.dueIntro')}
      none={t('reminders.noneDue')}
      more={(count) => t('reminders.moreDue', { count })}
      due={{ count: dueReminders.count, items: dueReminders.reminders }}
      item={(reminder) => (
        <>
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
        </>
      )}
    />
  );
}
