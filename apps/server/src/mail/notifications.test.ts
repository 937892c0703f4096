import { describe, expect, it } from 'vitest';
import { openFollowUp, sendFollowUpReply } from '../test/follow-up-helpers.ts';
import { startSmtp } from '../test/smtp-helpers.ts';
import { CookieJar } from '../test/staff-helpers.ts';
import { contactMessageFrom, postReport, reportPayload, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { useTestServerWithMailPort } from '../test/use-test-server.ts';

describe('staff notifications', () => {
  const server = useTestServerWithMailPort({
    NOTIFY_EMAILS: 'duty@example.org, coordinator@example.org',
    ORG_NAME: 'Veiligheid Test',
  });

  it('keeps the submission when SMTP is down, then delivers the notification once it is back, with no personal data', async () => {
    // SMTP is not listening yet: the report is accepted all the same.
    const response = await postReport(server.baseUrl, {
      payload: reportPayload(),
      altcha: await solveAltcha(server.baseUrl),
    });
    expect(response.status).toBe(201);
    await server.services.notifications.runOnce();
    const pending = await server.database.pool.query('select attempts, sent_at, last_error from notification_outbox');
    expect(pending.rows).toHaveLength(1);
    expect(pending.rows[0]).toMatchObject({ attempts: 1, sent_at: null });
    expect(pending.rows[0].last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtp(server.smtpPort);
    try {
      await server.database.pool.query('update notification_outbox set next_attempt_at = now()');
      await server.services.notifications.runOnce();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('site@example.org');
      expect(mail?.to).toEqual(['duty@example.org', 'coordinator@example.org']);
      expect(mail?.raw).toContain('Subject: New incident report');
      expect(mail?.raw).toContain('https://example.test/internal/dashboard');
      expect(mail?.raw).toContain('Veiligheid Test');
      for (const secret of Object.values(SEEDED)) expect(mail?.raw).not.toContain(secret);
      const sent = await server.database.pool.query('select sent_at from notification_outbox');
      expect(sent.rows[0].sent_at).not.toBeNull();

      // A contact message notifies too; the message itself never travels by email.
      const contact = await fetch(`${server.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          altcha: await solveAltcha(server.baseUrl),
          message: contactMessageFrom('he', { phone: SEEDED.phone }),
        }),
      });
      expect(contact.status).toBe(201);
      await server.services.notifications.runOnce();
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[1]?.raw).toContain('Subject: New contact message');
      for (const secret of Object.values(SEEDED)) expect(smtp.received[1]?.raw).not.toContain(secret);

      // A reporter who writes on the follow-up page: staff hear of it, and of nothing else.
      const receipt = (response.body as unknown as { receipt: string }).receipt;
      const jar = new CookieJar();
      expect((await openFollowUp(server.baseUrl, receipt, jar)).status).toBe(200);
      const reply = await sendFollowUpReply(server.baseUrl, jar, 'De dader droeg een rode jas.');
      expect(reply.status).toBe(201);
      await server.services.notifications.runOnce();
      expect(smtp.received).toHaveLength(3);
      const replyMail = smtp.received[2]?.raw ?? '';
      expect(replyMail).toContain('Subject: A reporter has written to you');
      expect(replyMail).toContain('https://example.test/internal/dashboard');
      for (const secret of [...Object.values(SEEDED), 'rode jas', receipt]) expect(replyMail).not.toContain(secret);
    } finally {
      await smtp.close();
    }
  });
});
