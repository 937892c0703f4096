import { freePort } from './free-port.ts';
import { startSmtp } from './smtp-helpers.ts';
import { startTestServer } from './test-server.ts';

/**
 * Two instances of the site on one database (the second joins the first's), both sending through
 * one real SMTP server: for the jobs that run on every instance and must send each e-mail once.
 */
export async function startTwoInstancesWithMail() {
  const port = await freePort();
  const smtp = await startSmtp(port);
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'site@example.org', ORG_NAME: 'Veiligheid Test' };
  const a = await startTestServer(env).catch(async (error) => {
    await smtp.close();
    throw error;
  });
  const b = await startTestServer(env, undefined, a).catch(async (error) => {
    await a.close();
    await smtp.close();
    throw error;
  });
  return {
    a,
    b,
    smtp,
    async close() {
      await b.close();
      await a.close();
      await smtp.close();
    },
  };
}
