import type { StaffRole } from '@app/core/staff/staff';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll } from 'vitest';
import { createStaffMember } from './staff-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Members of staff by the test's own names, each with its role and name. */
export type StaffMembers<N extends string> = Record<N, readonly [StaffRole, string]>;

type Started<N extends string> = { server: TestServer; staff: Record<N, StaffIdentity> };

/** Makes the members of staff named on `server`, each through the command line, in the order given. */
export async function createStaffMembers<const N extends string>(
  server: TestServer,
  members: StaffMembers<N>,
): Promise<Record<N, StaffIdentity>> {
  const staff = {} as Record<N, StaffIdentity>;
  for (const [key, [role, name]] of Object.entries(members) as [N, readonly [StaffRole, string]][]) {
    staff[key] = (await createStaffMember(server, role, name)).staff;
  }
  return staff;
}

/**
 * Starts a site for the test file before its tests (and closes it after them) with the members of
 * staff it names, each made through the command line with its role and name, in the order given;
 * `started` hands them to the file. `timeoutMs`: the set-up's own time limit, if the project's
 * hook time limit (room for scrypt at OWASP strength on a busy machine) is not enough.
 */
export function useSiteWithStaff<const N extends string>(
  members: StaffMembers<N>,
  started: (site: Started<N>) => void,
  timeoutMs?: number,
) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    started({ server, staff: await createStaffMembers(server, members) });
  }, timeoutMs);

  afterAll(async () => {
    await server?.close();
  });
}
