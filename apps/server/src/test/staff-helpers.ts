import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@app/core/staff/staff';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { totpCode } from '../../../../e2e/totp.ts';
import type { TestServer } from './test-server.ts';

/** The cookies a browser would hold, updated from each answer's Set-Cookie headers. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  update(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(pair.indexOf('=') + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A form POST as the browser sends it from one of our pages. */
export async function postForm(server: TestServer, path: string, fields: Record<string, string>, jar?: CookieJar) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.baseUrl,
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: new URLSearchParams(fields),
  });
  jar?.update(response);
  return response;
}

export type TestStaff = { staff: StaffIdentity; password: string; jar: CookieJar; secret?: string };

/** A staff account with a password, made through the staff service (for service tests). */
export async function createStaffMember(
  server: TestServer,
  role: StaffRole,
  name = `Test ${role}`,
): Promise<{ staff: StaffIdentity; password: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.org`;
  const password = `test password ${randomUUID()}`;
  const created = await server.services.commandLine.staff.create({ email, name, role }, password);
  return { staff: { id: created.id, email, name, role }, password };
}

/** A staff member who has typed the password but not set up the second factor yet. */
export async function passwordOnlySession(server: TestServer, role: StaffRole): Promise<TestStaff> {
  const { staff, password } = await createStaffMember(server, role);
  const jar = new CookieJar();
  const response = await postForm(server, '/internal/login', { email: staff.email, password }, jar);
  if (response.status !== 302 || !response.headers.get('location')?.startsWith('/internal/enrol')) {
    throw new Error(`sign-in answered ${response.status} ${response.headers.get('location')}`);
  }
  return { staff, password, jar };
}

/** A staff member signed in with both factors, as after the first sign-in in a browser. */
export async function signedInSession(server: TestServer, role: StaffRole): Promise<TestStaff> {
  const member = await passwordOnlySession(server, role);
  const { secret } = await server.services.staffAuth.enrolment(member.staff, {
    headers: new Headers(),
    clientIp: undefined,
  });
  const response = await postForm(server, '/internal/enrol', { code: totpCode(secret) }, member.jar);
  if (response.status !== 200) throw new Error(`enrolment answered ${response.status}`);
  return { ...member, secret };
}

/** An enrolled member whose browser gave the password and is asked for the code: no session yet. */
export async function codePendingSession(server: TestServer, role: StaffRole): Promise<TestStaff> {
  const member = await signedInSession(server, role);
  const jar = new CookieJar();
  const response = await postForm(
    server,
    '/internal/login',
    { email: member.staff.email, password: member.password },
    jar,
  );
  if (!response.headers.get('location')?.startsWith('/internal/login/code')) {
    throw new Error(`sign-in answered ${response.status} ${response.headers.get('location')}`);
  }
  return { ...member, jar };
}
