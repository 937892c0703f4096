import type { StaffRole } from '@app/core/staff/staff';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { afterAll, beforeAll } from 'vitest';
import { createStaffMember } from './staff-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

type Started<N extends string> = { server: TestServer; staff: Record<N, StaffIdentity> };

/**
 * Starts a site for the test file before its tests (and closes it after them) with the members of
 * staff it names, each made through the command line with its role and name, in the order given;
 * `started` hands them to the file.
 */
export function useSiteWithStaff<const N extends string>(
  members: Record<N, readonly [StaffRole, string]>,
  started: (site: Started<N>) => void,
) {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    const staff = {} as Record<N, StaffIdentity>;
    for (const [key, [role, name]] of Object.entries(members) as [N, readonly [StaffRole, string]][]) {
      staff[key] = (await createStaffMember(server, role, name)).staff;
    }
    started({ server, staff });
  }); // the project's hook time limit: room for scrypt at OWASP strength on a busy machine

  afterAll(async () => {
    await server?.close();
  });
}
