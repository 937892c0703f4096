import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port.ts';
import { createStaffMembers, type StaffMembers } from './site-with-staff.ts';
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

type TwoInstances = Awaited<ReturnType<typeof startTwoInstancesWithMail>>;

/**
 * Two instances with mail (startTwoInstancesWithMail) for the test file, started before its tests
 * and closed after them, with the members of staff it names made on the first (see
 * createStaffMembers); `started` hands them to the file.
 */
export function useTwoInstancesWithStaff<const N extends string>(
  members: StaffMembers<N>,
  started: (instances: Omit<TwoInstances, 'close'> & { staff: Record<N, StaffIdentity> }) => void,
  timeoutMs?: number,
) {
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await startTwoInstancesWithMail();
    started({ ...instances, staff: await createStaffMembers(instances.a, members) });
  }, timeoutMs);

  afterAll(async () => {
    await instances?.close();
  });
}
