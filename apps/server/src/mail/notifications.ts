import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  PERSONAL_NOTIFICATION_KINDS,
} from '@app/core/casework/notification-kinds';
import type { IncidentType } from '@app/core/forms/incident-types';
import type { EarlyWarningSettings } from '@app/core/staff/early-warnings';
import { can } from '@app/core/staff/staff';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { earlyWarning, earlyWarningFactColumns } from '../db/early-warning-schema.ts';
import { staffDigest } from '../db/reminders-schema.ts';
import { incidentTag, notificationOutbox, report } from '../db/schema.ts';
import { staffUser } from '../db/staff-schema.ts';
import type { Logger } from '../logger.ts';
import { reasonOf } from '../monitoring/jobs.ts';
import { composeDigest } from './digest-mail.ts';
import { composeEarlyWarning } from './early-warning-mail.ts';

export type { NotificationKind };

const MAX_BACKOFF_SECONDS = 60 * 60;

export type NotificationSettings = {
  smtpUrl: string | undefined;
  from: string;
  recipients: string[];
  /** Who hears of an urgent report at once (ON_CALL_EMAILS, decision 0024). */
  onCallRecipients: string[];
  language: Language;
  organisationName: string;
  /** Where staff read the new item; carries no identifier of it. */
  internalUrl: string;
  /** The staff page of one report (urgent alerts, assignments): its id is no personal data. */
  reportUrl: (reportId: string) => string;
  /** The staff area (`…/internal`), for the links of the daily digest. */
  staffAreaUrl: string;
  /** The reports list filtered to an early warning's incidents (decision 0052). */
  warningUrl?: (warningId: string) => string;
  /** Early warning's thresholds, for the window its e-mail names. */
  earlyWarnings?: EarlyWarningSettings;
};

type PersonalKind = (typeof PERSONAL_NOTIFICATION_KINDS)[number];
/** The kinds sent to a configured list (NOTIFY_EMAILS, ON_CALL_EMAILS). */
type SharedKind = Exclude<NotificationKind, PersonalKind | 'earlyWarning'>;

const isPersonal = (kind: NotificationKind): kind is PersonalKind =>
  (PERSONAL_NOTIFICATION_KINDS as readonly string[]).includes(kind);
/** Read from the database when it is sent: the coordinators and admins (decision 0052). */
const isStaffWide = (kind: NotificationKind): kind is 'earlyWarning' => kind === 'earlyWarning';

/** What one notification is about, beyond its kind: an urgent alert names the report and its type. */
export type NotificationSubject = { reportId: string; incidentType: IncidentType } | undefined;

function recipientsOf(kind: SharedKind, settings: NotificationSettings) {
  return kind === 'urgentReport' ? settings.onCallRecipients : settings.recipients;
}

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/**
 * The email for a notification: what arrived and where to read it, never a word of its content.
 * An urgent alert goes to the on-call list with the report's link and the name of its type, in the
 * staff language; nothing else about the report.
 */
export function composeNotification(kind: SharedKind, settings: NotificationSettings, subject?: NotificationSubject) {
  const language = resources[settings.language];
  const messages = language.emails[kind];
  const values: Record<string, string> = subject
    ? {
        organisation: settings.organisationName,
        link: settings.reportUrl(subject.reportId),
        type: language.forms.incidentTypes[subject.incidentType].label,
      }
    : { organisation: settings.organisationName, link: settings.internalUrl };
  return {
    from: settings.from,
    to: recipientsOf(kind, settings),
    subject: fill(messages.subject, values),
    text: fill(messages.body, values),
  };
}

/**
 * The email telling a member a report is now theirs: a link to the report's page (its random id,
 * behind the staff sign-in) and not a word of the report, nor who the reporter is.
 */
export function composeAssignment(reportId: string, to: string, settings: NotificationSettings) {
  const messages = resources[settings.language].emails.reportAssigned;
  return {
    from: settings.from,
    to,
    subject: messages.subject,
    text: fill(messages.body, { organisation: settings.organisationName, link: settings.reportUrl(reportId) }),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The message of a personal notification, to the member's own address as it is when it is sent;
 * or why it goes to nobody: a member disabled since, or who lost the role that reads reports.
 */
async function personalMessage(
  tx: Tx,
  row: { id: string; kind: PersonalKind; reportId: string | null; recipientStaffId: string | null },
  settings: NotificationSettings,
): Promise<{ mail: SendMailOptions } | { dropped: string }> {
  const [member] = row.recipientStaffId
    ? await tx
        .select({ email: staffUser.email, banned: staffUser.banned, role: staffUser.role })
        .from(staffUser)
        .where(eq(staffUser.id, row.recipientStaffId))
    : [];
  if (!member || member.banned || !can(member.role, 'reports:manage')) {
    return { dropped: 'not sent: the staff account is disabled or may no longer read reports' };
  }
  if (row.kind === 'reportAssigned') {
    return row.reportId ? { mail: composeAssignment(row.reportId, member.email, settings) } : { dropped: 'no report' };
  }
  const [digest] = await tx.select().from(staffDigest).where(eq(staffDigest.outboxId, row.id));
  return digest ? { mail: composeDigest(digest, member.email, settings) } : { dropped: 'not sent: no digest' };
}

/**
 * The e-mail of an early warning (decision 0052), to the active coordinators and admins as they
 * are when it is sent (NOTIFY_EMAILS while there is none): the warning as it was raised.
 */
async function earlyWarningMessage(
  tx: Tx,
  outboxId: string,
  settings: NotificationSettings,
): Promise<{ mail: SendMailOptions } | { dropped: string }> {
  const [warning] = await tx
    .select({
      ...earlyWarningFactColumns,
    })
    .from(earlyWarning)
    .leftJoin(incidentTag, eq(incidentTag.id, earlyWarning.tagId))
    .where(eq(earlyWarning.outboxId, outboxId));
  if (!warning) return { dropped: 'not sent: no early warning' };
  const members = await tx
    .select({ email: staffUser.email })
    .from(staffUser)
    .where(and(eq(staffUser.banned, false), inArray(staffUser.role, ['admin', 'coordinator'])))
    .orderBy(staffUser.email);
  const to = members.length > 0 ? members.map((member) => member.email) : settings.recipients;
  if (to.length === 0) return { dropped: 'not sent: no coordinator, admin or NOTIFY_EMAILS' };
  return { mail: composeEarlyWarning(warning, to, settings) };
}

/** What one pass over the outbox did: a failure is a code, never a message. */
export type OutboxOutcome = { sent: number; failed: number; reason?: string };

/**
 * Sends the notifications waiting in the outbox; one that fails stays there and is tried again
 * later, with a growing pause (SMTP down must never lose a notification, nor a submission).
 * The job runner's `outbox` job calls `sendPending` every few seconds and when kicked (decision
 * 0035). Several passes can run at once, on any instance: `skip locked` gives each row to one.
 */
export function createNotificationWorker(db: Db, settings: NotificationSettings, logger: Logger) {
  const transport: Transporter | undefined = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : undefined;
  // Each kind waits in the outbox until someone can receive it; a personal one has its member, an
  // early warning the coordinators and admins.
  const sendable = NOTIFICATION_KINDS.filter(
    (kind) => isPersonal(kind) || isStaffWide(kind) || recipientsOf(kind, settings).length > 0,
  );
  if (!transport || settings.recipients.length === 0) {
    logger.warn('SMTP_URL or NOTIFY_EMAILS is not set: staff notifications wait in the outbox until they are');
  }
  if (!transport || settings.onCallRecipients.length === 0) {
    logger.warn('SMTP_URL or ON_CALL_EMAILS is not set: urgent alerts wait in the outbox until they are');
  }
  let running: Promise<unknown> | undefined;
  let trigger: (() => void) | undefined;

  const sendPending = async (): Promise<OutboxOutcome> => {
    const outcome: OutboxOutcome = { sent: 0, failed: 0 };
    if (!transport || sendable.length === 0) return outcome;
    await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: notificationOutbox.id,
          kind: notificationOutbox.kind,
          attempts: notificationOutbox.attempts,
          reportId: notificationOutbox.reportId,
          recipientStaffId: notificationOutbox.recipientStaffId,
          incidentType: report.incidentType,
        })
        .from(notificationOutbox)
        .leftJoin(report, eq(report.id, notificationOutbox.reportId))
        .where(
          and(
            isNull(notificationOutbox.sentAt),
            lte(notificationOutbox.nextAttemptAt, sql`now()`),
            inArray(notificationOutbox.kind, sendable),
          ),
        )
        // Urgent alerts first: they are why the on-call list exists.
        .orderBy(sql`${notificationOutbox.kind} = 'urgentReport' desc`, notificationOutbox.createdAt)
        .limit(20)
        .for('update', { of: notificationOutbox, skipLocked: true });
      for (const row of due) {
        try {
          const { kind } = row;
          const subject =
            row.reportId && row.incidentType ? { reportId: row.reportId, incidentType: row.incidentType } : undefined;
          const message = isPersonal(kind)
            ? await personalMessage(tx, { ...row, kind }, settings)
            : isStaffWide(kind)
              ? await earlyWarningMessage(tx, row.id, settings)
              : { mail: composeNotification(kind, settings, subject) };
          if ('mail' in message) await transport.sendMail(message.mail);
          await tx
            .update(notificationOutbox)
            .set({ sentAt: sql`now()`, lastError: 'dropped' in message ? message.dropped : null })
            .where(eq(notificationOutbox.id, row.id));
          if ('mail' in message) outcome.sent += 1;
        } catch (error) {
          outcome.failed += 1;
          outcome.reason = reasonOf(error);
          const delay = Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** row.attempts);
          logger.warn({ attempts: row.attempts + 1, retryInSeconds: delay }, 'a staff notification could not be sent');
          await tx
            .update(notificationOutbox)
            .set({
              attempts: row.attempts + 1,
              lastError: (error as Error).message.slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
            })
            .where(eq(notificationOutbox.id, row.id));
        }
      }
    });
    return outcome;
  };

  /** One pass now, whatever the job runner does (tests; a kick before the runner is attached). */
  const runOnce = () => {
    running ??= sendPending()
      .catch((error: Error) => {
        logger.warn({ err: { message: error.message } }, 'the notification outbox could not be read');
      })
      .finally(() => {
        running = undefined;
      });
    return running.then(() => {});
  };

  return {
    sendPending,
    runOnce,
    /** Send now rather than at the next pass (right after a submission): through the job runner once attached. */
    kick: () => (trigger ? trigger() : void runOnce()),
    /** What `kick` does once the job runner runs: its `outbox` job at once. */
    kickWith(next: (() => void) | undefined) {
      trigger = next;
    },
    stop: async () => {
      await running;
      transport?.close();
    },
  };
}

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
