import type { CodeOf } from '../errors/error-codes.ts';
import { z } from '../forms/zod.ts';
import { isCalendarDate, todayInBelgium } from '../site/dates.ts';

/**
 * Reminders on a report: a day in Belgium's calendar and a short note, set by staff who may manage
 * reports. The note is staff-only content and is sealed at rest, like the report's notes.
 */
export const REMINDER_NOTE_MAX_LENGTH = 300;

/** Errors of reminders, as codes the pages translate (`reminders.errors.<code>`). */
export type ReminderErrorCode = CodeOf<'reminders'>;

/** A new reminder, checked against today's date in Belgium (`now` is the caller's clock). */
export function reminderSchema(now: Date = new Date()) {
  const today = todayInBelgium(now);
  return z.object({
    dueOn: z
      .string()
      .trim()
      .min(1, 'dateRequired')
      .refine(isCalendarDate, 'dateInvalid')
      // YYYY-MM-DD strings compare as dates do.
      .refine((value) => value >= today, 'dateInPast'),
    note: z.string().trim().min(1, 'noteRequired').max(REMINDER_NOTE_MAX_LENGTH, 'noteTooLong'),
  });
}

/** A reminder as the report's page shows it (staff who may manage reports only). */
export type ReportReminder = {
  id: string;
  dueOn: string;
  note: string;
  createdBy: string | null;
  createdAt: string;
  /** Set once someone marked it done. */
  doneAt: string | null;
  doneBy: string | null;
  /** The day has come (today or earlier in Belgium) and it is not done. */
  isDue: boolean;
};

/** A due reminder on the dashboard: the day, the note, and the report it is about. */
export type DueReminder = {
  id: string;
  reportId: string;
  reportReceivedAt: string;
  incidentType: string;
  dueOn: string;
  note: string;
};
