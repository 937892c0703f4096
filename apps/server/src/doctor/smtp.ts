import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { type Finding, ok } from './finding.ts';

/** How long doctor waits for the SMTP server at each step (connect, greeting, each answer). */
const SMTP_TIMEOUT_MS = 10_000;

/** host:port of an SMTP address, never its user or password. */
function serverOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
}

/**
 * SMTP reachable (connection, greeting, TLS, sign-in: nodemailer's verify, no mail sent) and the
 * notification lists set. Without SMTP the staff hear of nothing, an urgent report included.
 */
export async function smtpFindings(config: Config, timeoutMs = SMTP_TIMEOUT_MS): Promise<Finding[]> {
  const production = config.nodeEnv === 'production';
  const findings: Finding[] = [];
  const { smtpUrl } = config.mail;
  if (!smtpUrl) {
    findings.push({
      check: 'smtp',
      severity: production ? 'warning' : 'info',
      message: 'SMTP_URL is not set: no one is told of a new or urgent report; notifications wait in the database.',
      fix: 'Set SMTP_URL, such as smtps://user:password@mail.example.org:465.',
    });
  } else {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    try {
      await transport.verify();
      findings.push(ok('smtp', `The SMTP server ${serverOf(smtpUrl)} answers and accepts the site's sign-in.`));
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      findings.push({
        check: 'smtp',
        severity: 'blocker',
        message: `The SMTP server ${serverOf(smtpUrl)} does not work for the site: ${[code, message].filter(Boolean).join(': ')}.`,
        fix: 'Check the host, port, user and password in SMTP_URL (special characters as %-codes), and that this server may reach that port.',
      });
    } finally {
      transport.close();
    }
  }
  // A list of addresses left empty: a warning in production, where mail should reach someone.
  const emptyList = (message: string, fix: string) =>
    findings.push({ check: 'smtp', severity: production ? 'warning' : 'info', message, fix });
  if (config.mail.notify.length === 0) {
    emptyList(
      'NOTIFY_EMAILS is not set: the notifications of new reports and messages go to no one.',
      'Set NOTIFY_EMAILS to the staff addresses to notify, separated by commas.',
    );
  }
  if (config.mail.onCall.length === 0) {
    emptyList(
      'Neither ON_CALL_EMAILS nor NOTIFY_EMAILS is set: an urgent report alerts no one.',
      'Set ON_CALL_EMAILS to the people on call, separated by commas.',
    );
  }
  return findings;
}
