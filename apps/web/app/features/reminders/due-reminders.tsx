import type { DueReminder } from '@app/core/casework/reminders';
import { formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DueList } from '../../shared/staff/due-list.tsx';

const MESSAGES = {
  title: 'reminders.dueTitle',
  intro: 'reminders.dueIntro',
  none: 'reminders.noneDue',
  more: 'reminders.moreDue',
  open: 'reminders.openReport',
};

/**
 * The dashboard's reminders that are this member's to act on today: on reports assigned to them,
 * or to nobody; the oldest day first, each with its note and a link to its report.
 */
export function DueReminders({ dueReminders }: { dueReminders: { count: number; reminders: DueReminder[] } }) {
  const { language } = useTranslation();
  return (
    <DueList
      id="due-reminders"
      messages={MESSAGES}
      due={{ count: dueReminders.count, items: dueReminders.reminders }}
      anchor="reminders-title"
      item={(reminder) => (
        <>
          <p className="reminder__day">
            <strong>{formatDay(reminder.dueOn, language)}</strong>
          </p>
          <p className="user-text" dir="auto">
            {reminder.note}
          </p>
        </>
      )}
    />
  );
}
