import { type AlertKind, type AlertSubject, alertProblemKey } from '@app/core/staff/alerts';
import type { Language } from '@app/locales/languages';
import { resources } from '@app/locales/resources';
import nodemailer, { type Transporter } from 'nodemailer';
import type pg from 'pg';
import type { Logger } from '../logger.ts';

export type AlertSettings = {
  smtpUrl: string | undefined;
  from: string;
  language: Language;
  organisationName: string;
  /** The admin dashboard, where the alert shows until it is resolved. */
  dashboardUrl: string;
  /** Used when no administrator account has an address yet (a new site): NOTIFY_EMAILS. */
  fallbackRecipients: string[];
  /** A notification or spooled file waiting longer than this is an incident. */
  backlogMinutes: number;
};

export type AlertChecker = {
  /**
   * Opens, resolves and e-mails: what this check did. The job runner's `alerts` job calls it each
   * minute, once across the instances (decision 0035).
   */
  check(): Promise<{ opened: string[]; resolved: string[]; mailed: number }>;
  /** Closes the SMTP connection, once the job runner has stopped. */
  stop(): Promise<void>;
};

/** One check at a time across the instances, even one that outlasts a minute (SMTP slow): an advisory lock. */
const ALERT_LOCK = 0x616c_6572;

type Condition = { kind: AlertKind; subject: AlertSubject };
const keyOf = ({ kind, subject }: Condition) => `${kind}:${subject}`;

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? '');
}

/** The e-mail about an alert: what is wrong (a job's name, a backlog), never a word of anyone's data. */
export function composeAlertMail(
  state: 'opened' | 'resolved',
  condition: Condition,
  settings: Pick<AlertSettings, 'from' | 'language' | 'organisationName' | 'dashboardUrl'>,
  to: string[],
) {
  const emails = resources[settings.language].emails;
  const messages = state === 'opened' ? emails.alertOpened : emails.alertResolved;
  // alerts.problems.<kind>.<subject>, read from the internal namespace.
  const problem = alertProblemKey(condition)
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources[settings.language].internal);
  const values = { organisation: settings.organisationName, link: settings.dashboardUrl, problem: String(problem) };
  return { from: settings.from, to, subject: fill(messages.subject, values), text: fill(messages.body, values) };
}

/**
 * Alerts (decision 0030): a scheduled job whose last run failed, or a notification or spooled
 * file waiting longer than `backlogMinutes`, opens an alert; the administrators get one e-mail
 * when it opens and one when it is resolved (the condition is gone), however many checks see it.
 * An open alert shows on the admin dashboard. The partial unique index on (kind, subject) while
 * unresolved keeps one alert per incident, on every instance.
 */
export function createAlertChecker({
  pool,
  settings,
  logger,
}: {
  pool: pg.Pool;
  settings: AlertSettings;
  logger: Logger;
}): AlertChecker {
  const transport: Transporter | undefined = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : undefined;

  const conditionsNow = async (client: pg.PoolClient): Promise<Condition[]> => {
    // One after the other: a client runs one query at a time.
    const jobs = await client.query<{ name: AlertSubject }>(
      `select name from scheduled_job
        where last_failure_at is not null and (last_success_at is null or last_failure_at > last_success_at)`,
    );
    const outbox = await client.query<{ late: boolean }>(
      `select coalesce(min(created_at) < now() - make_interval(mins => $1), false) as late
         from notification_outbox where sent_at is null`,
      [settings.backlogMinutes],
    );
    const spool = await client.query<{ late: boolean }>(
      `select coalesce(min(created_at) < now() - make_interval(mins => $1), false) as late from spooled_file`,
      [settings.backlogMinutes],
    );
    const found: Condition[] = jobs.rows.map((row) => ({ kind: 'job-failing', subject: row.name }));
    if (outbox.rows[0]?.late) found.push({ kind: 'backlog', subject: 'outbox' });
    if (spool.rows[0]?.late) found.push({ kind: 'backlog', subject: 'spool-mover' });
    return found;
  };

  const recipients = async (client: pg.PoolClient) => {
    const { rows } = await client.query<{ email: string }>(
      `select email from staff_user where role = 'admin' and banned = false order by email`,
    );
    return rows.length > 0 ? rows.map((row) => row.email) : settings.fallbackRecipients;
  };

  const check = async () => {
    const client = await pool.connect();
    const outcome = { opened: [] as string[], resolved: [] as string[], mailed: 0 };
    try {
      await client.query('begin');
      const lock = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
        ALERT_LOCK,
      ]);
      if (!lock.rows[0]?.locked) {
        await client.query('rollback');
        return outcome;
      }
      const now = await conditionsNow(client);
      const active = new Set(now.map(keyOf));
      for (const condition of now) {
        const opened = await client.query(
          `insert into alert (kind, subject) values ($1, $2)
           on conflict (kind, subject) where resolved_at is null do nothing`,
          [condition.kind, condition.subject],
        );
        if (opened.rowCount) outcome.opened.push(keyOf(condition));
      }
      const open = await client.query<{ id: string; kind: AlertKind; subject: AlertSubject }>(
        `select id, kind, subject from alert where resolved_at is null`,
      );
      for (const alert of open.rows) {
        if (active.has(keyOf(alert))) continue;
        await client.query(`update alert set resolved_at = now() where id = $1`, [alert.id]);
        outcome.resolved.push(keyOf(alert));
      }
      // The e-mails: one when an alert opens, one when it is resolved (only if the first went).
      // One that cannot be sent stays due, and goes at a later check.
      const due = await client.query<{
        id: string;
        kind: AlertKind;
        subject: AlertSubject;
        state: 'opened' | 'resolved';
      }>(
        `select id, kind, subject, case when resolved_at is null then 'opened' else 'resolved' end as state
           from alert
          where (resolved_at is null and notified_at is null)
             or (resolved_at is not null and notified_at is not null and resolved_notified_at is null)
          order by opened_at`,
      );
      if (due.rows.length > 0 && transport) {
        const to = await recipients(client);
        for (const alert of due.rows) {
          if (to.length === 0) break;
          try {
            await transport.sendMail(composeAlertMail(alert.state, alert, settings, to));
            await client.query(
              alert.state === 'opened'
                ? `update alert set notified_at = now() where id = $1`
                : `update alert set resolved_notified_at = now() where id = $1`,
              [alert.id],
            );
            outcome.mailed += 1;
          } catch (error) {
            logger.warn({ err: { message: (error as Error).message } }, 'an alert e-mail could not be sent');
            break;
          }
        }
      }
      await client.query('commit');
      if (outcome.opened.length > 0) logger.error({ alerts: outcome.opened }, 'alert opened');
      if (outcome.resolved.length > 0) logger.info({ alerts: outcome.resolved }, 'alert resolved');
      return outcome;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  return {
    check,
    async stop() {
      transport?.close();
    },
  };
}
