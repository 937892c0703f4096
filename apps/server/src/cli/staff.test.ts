import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password-hash.ts';
import { runMigrations } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runStaffCommand } from './staff.ts';

let database: TestDatabase;
let env: NodeJS.ProcessEnv;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.pool);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-cli-'));
  env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'https://staff.example.test',
  };
});

afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function staff(...argv: string[]): Promise<string[]> {
  return staffWithInput('', ...argv);
}

/** The command with `stdin` piped into it, as `printf … | npm run staff -- …` does. */
async function staffWithInput(stdin: string, ...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runStaffCommand(argv, env, (line) => lines.push(line), {
    input: Readable.from([stdin]),
    prompt: new PassThrough(),
  });
  return lines;
}

async function storedHash(email: string): Promise<string | undefined> {
  const { rows } = await database.pool.query<{ password: string }>(
    'select a.password from staff_account a join staff_user u on u.id = a.user_id where u.email = $1',
    [email],
  );
  return rows[0]?.password;
}

async function audit(): Promise<
  { action: string; actor_id: string | null; actor_kind: string; details: Record<string, unknown> }[]
> {
  const { rows } = await database.pool.query(
    'select action, actor_id, actor_kind, details from audit_event order by id',
  );
  return rows;
}

describe('npm run staff', () => {
  it('creates the first admin with a generated password, hashed with scrypt at N=2^17', async () => {
    const output = await staff(
      'create',
      '--email',
      'First.Admin@Example.org',
      '--name',
      'First Admin',
      '--role',
      'admin',
    );
    expect(output[0]).toBe('Created admin first.admin@example.org.');
    const password = output[1]?.match(/^Password \(shown only now, pass it on safely\): (\S{20})$/)?.[1];
    expect(password).toBeDefined();
    const { rows } = await database.pool.query<{ password: string }>(
      `select a.password from staff_account a join staff_user u on u.id = a.user_id where u.email = 'first.admin@example.org'`,
    );
    expect(rows[0]?.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(rows[0]?.password).not.toContain(password);
  });

  it('creates members with a password read from standard input, and refuses a duplicate, a short password or an unknown role', async () => {
    const output = await staffWithInput(
      'a long passphrase\nnot read\n',
      'create',
      '--email',
      'cora@example.org',
      '--name',
      'Cora',
      '--role',
      'coordinator',
      '--password-stdin',
    );
    // The password it was given is not printed back.
    expect(output.join('\n')).not.toContain('passphrase');
    expect(
      await verifyPassword({ hash: (await storedHash('cora@example.org')) ?? '', password: 'a long passphrase' }),
    ).toBe(true);
    await expect(staff('create', '--email', 'cora@example.org', '--name', 'Cora', '--role', 'viewer')).rejects.toThrow(
      'there is already a staff account with this email address',
    );
    await expect(
      staffWithInput(
        'short\n',
        'create',
        '--email',
        'x@example.org',
        '--name',
        'X',
        '--role',
        'viewer',
        '--password-stdin',
      ),
    ).rejects.toThrow('between 12 and 128 characters');
    await expect(
      staffWithInput('', 'create', '--email', 'x@example.org', '--name', 'X', '--role', 'viewer', '--password-stdin'),
    ).rejects.toThrow('--password-stdin read no password');
    await expect(staff('create', '--email', 'x@example.org', '--name', 'X', '--role', 'owner')).rejects.toThrow(
      'create needs --role',
    );
    await expect(staff('create', '--email', 'not-an-email', '--name', 'X', '--role', 'viewer')).rejects.toThrow(
      'the email address is not valid',
    );
  });

  it('lists every account with its role and state', async () => {
    const output = await staff('list');
    expect(output).toEqual([
      'cora@example.org\tCora\tcoordinator\tnot set up yet',
      'first.admin@example.org\tFirst Admin\tadmin\tnot set up yet',
    ]);
  });

  it('disables and enables an account, ending its sessions, but never the last admin', async () => {
    const { rows } = await database.pool.query<{ id: string }>(
      `select id from staff_user where email = 'cora@example.org'`,
    );
    await database.pool.query(
      `insert into staff_session (id, token, user_id, expires_at) values ('s1', 't1', $1, now() + interval '1 hour')`,
      [rows[0]?.id],
    );
    expect(await staff('disable', '--email', 'cora@example.org')).toEqual([
      'Disabled cora@example.org; their sessions have ended.',
    ]);
    const sessions = await database.pool.query('select 1 from staff_session where user_id = $1', [rows[0]?.id]);
    expect(sessions.rowCount).toBe(0);
    // Disabled accounts come last.
    expect((await staff('list'))[1]).toBe('cora@example.org\tCora\tcoordinator\tdisabled');
    await staff('enable', '--email', 'cora@example.org');
    await expect(staff('disable', '--email', 'first.admin@example.org')).rejects.toThrow('last active administrator');
    await expect(staff('disable', '--email', 'nobody@example.org')).rejects.toThrow('no staff account');
  });

  it('resets two-step sign-in and issues a password link, and the audit log names the command line', async () => {
    await database.pool.query(`update staff_user set two_factor_enabled = true where email = 'cora@example.org'`);
    await staff('reset-2fa', '--email', 'cora@example.org');
    const { rows } = await database.pool.query(
      `select two_factor_enabled from staff_user where email = 'cora@example.org'`,
    );
    expect(rows[0]?.two_factor_enabled).toBe(false);
    const link = await staff('password-link', '--email', 'cora@example.org');
    expect(link[1]).toMatch(/^https:\/\/staff\.example\.test\/internal\/set-password\?token=[\w-]{43}$/);

    const events = await audit();
    expect(events.map((event) => event.action)).toEqual([
      'staff.created',
      'staff.created',
      'staff.disabled',
      'staff.enabled',
      'two-factor.reset',
      'staff.password-link-issued',
    ]);
    expect(events.every((event) => event.actor_kind === 'command-line' && event.actor_id === null)).toBe(true);
    // Neither passwords nor tokens end up in the log.
    expect(JSON.stringify(events)).not.toMatch(/passphrase|token=/);
  });

  it('refuses a password on the command line, saying what to do instead, and creates nothing', async () => {
    const attempt = staff(
      'create',
      '--email',
      'argv@example.org',
      '--name',
      'A',
      '--role',
      'viewer',
      '--password',
      'a long passphrase',
    );
    await expect(attempt).rejects.toThrow(/--password is refused: .*shell's history.*ps/);
    await expect(attempt).rejects.toThrow('Use --password-stdin instead');
    expect(await storedHash('argv@example.org')).toBeUndefined();
    const { rowCount } = await database.pool.query(`select 1 from staff_user where email = 'argv@example.org'`);
    expect(rowCount).toBe(0);
  });

  it('in a terminal, asks for the password twice without showing it', async () => {
    // A real terminal: util-linux `script` runs the command on a pseudo-terminal of its own.
    const repository = path.resolve(import.meta.dirname, '../../../..');
    const command =
      'node apps/server/src/cli/staff.ts create --email tty@example.org --name Terminal --role viewer --password-stdin';
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      cwd: repository,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    const shown = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!screen.includes(text)) return;
          child.stdout.off('data', check);
          resolve();
        };
        child.stdout.on('data', check);
        child.once('exit', () => reject(new Error(`the terminal ended before "${text}":\n${screen}`)));
        check();
      });
    child.stdout.on('data', (chunk) => {
      screen += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const secret = 'typed in a terminal 4242';
    await shown('Password for the new member (not shown): ');
    child.stdin.write(`${secret}\r`);
    await shown('The same password again: ');
    child.stdin.write(`${secret}\r`);
    await shown('Created viewer tty@example.org.');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(screen).not.toContain(secret);
    expect(screen).not.toContain('Password (shown only now');
    expect(await verifyPassword({ hash: (await storedHash('tty@example.org')) ?? '', password: secret })).toBe(true);
  });

  it('explains its usage', async () => {
    expect((await staff('--help')).join('\n')).toContain('npm run staff -- create --email E --name N --role');
    await expect(staff('promote')).rejects.toThrow('unknown command "promote"');
  });
});
