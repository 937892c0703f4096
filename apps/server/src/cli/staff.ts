import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isAppError } from '@app/core/errors/app-error';
import { nameIn } from '@app/core/errors/error-codes';
import { isStaffRole, passwordProblem, STAFF_ROLES, type StaffErrorCode } from '@app/core/staff/staff';
import { createStaffSide } from '../composition/staff-side.ts';
import { loadConfig } from '../config.ts';
import { loadSiteEncryption } from '../crypto/encryption.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { runCommandLine, UsageError } from './command-line.ts';
import { openDatabase } from './open-database.ts';

const USAGE = `Manage staff accounts.

  npm run staff -- create --email E --name N --role ${STAFF_ROLES.join('|')} [--password-stdin]
  npm run staff -- list
  npm run staff -- disable --email E
  npm run staff -- enable --email E
  npm run staff -- reset-2fa --email E
  npm run staff -- password-link --email E

Without --password-stdin, create makes a strong password and prints it once. With it, the
password is asked for without showing it when run in a terminal, or read from the first line of
standard input when one is piped in (printf '%s\n' "$PASSWORD" | npm run staff -- create …). A
password is never given on the command line, where shell history and ps would keep it.
It uses the database of the site's configuration (DATABASE_URL, or the embedded one in DATA_DIR),
also while the site is running.`;

/** A strong password for someone who asked for one: 20 characters from a 64-letter alphabet (120 bits). */
function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

const PASSWORD_ON_COMMAND_LINE = `--password is refused: a password on the command line stays in the shell's history and other users of the machine see it in ps.
Use --password-stdin instead: in a terminal it asks for the password without showing it; otherwise it reads the first line of standard input, for example:
  printf '%s\n' "$PASSWORD" | npm run staff -- create --email E --name N --role R --password-stdin
Or leave it out, and a strong password is made and shown once.`;

/** Where a password comes from: the terminal (asked for, not shown) or a pipe. */
export type PasswordSource = {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  /** Where the question goes (standard error, so that standard output stays the command's result). */
  prompt: NodeJS.WritableStream;
};

/**
 * The password for `create --password-stdin`, checked as the site checks it. In a terminal it is
 * asked for twice without echo; from a pipe, the first line is read (nothing else is needed).
 */
async function readPassword(source: PasswordSource): Promise<string> {
  let password: string;
  if (source.input.isTTY && source.input.setRawMode) {
    password = await askHidden(source, 'Password for the new member (not shown): ');
    const again = await askHidden(source, 'The same password again: ');
    if (again !== password) throw new UsageError('the two passwords differ; nothing was created');
  } else {
    password = await firstLine(source.input);
  }
  if (!password) throw new UsageError('--password-stdin read no password');
  if (passwordProblem(password)) throw new UsageError('the password must have between 12 and 128 characters');
  return password;
}

/** One line typed in the terminal in raw mode, echoing nothing; Ctrl-C or Ctrl-D give up. */
function askHidden(source: PasswordSource, question: string): Promise<string> {
  const { input, prompt } = source;
  // Echo off before the question shows, so that nothing typed after it is ever echoed.
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  prompt.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      prompt.write('\n');
      outcome();
    };
    const onData = (chunk: string | Buffer) => {
      for (const character of String(chunk)) {
        if (character === '\r' || character === '\n') return finish(() => resolve(typed));
        if (character === '\u0003' || character === '\u0004')
          return finish(() => reject(new UsageError('cancelled; nothing was created')));
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a piped input, without its line ending. */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

export async function runStaffCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  terminal: PasswordSource = { input: process.stdin, prompt: process.stderr },
) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      // Declared only to refuse it with an explanation (security review 2026-11-26, finding 11).
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (!command || values.help) {
    out(USAGE);
    return;
  }
  const needEmail = () => {
    if (!values.email) throw new UsageError(`${command} needs --email`);
    return values.email;
  };
  let given: string | undefined;
  if (command === 'create') {
    needEmail();
    if (!values.name) throw new UsageError('create needs --name');
    if (!isStaffRole(values.role)) throw new UsageError(`create needs --role, one of ${STAFF_ROLES.join(', ')}`);
    if (values.password !== undefined) throw new UsageError(PASSWORD_ON_COMMAND_LINE);
    // Asked before the database opens: a typing mistake costs nothing.
    if (values['password-stdin']) given = await readPassword(terminal);
  } else if (!['list', 'disable', 'enable', 'reset-2fa', 'password-link'].includes(command)) {
    throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }

  const config = loadConfig(env);
  const logger = createLogger('warn', process.stderr);
  const { database, embedded } = await openDatabase(config, logger);
  try {
    await runMigrations(database.pool);
    const { encryption } = loadSiteEncryption(config, logger);
    const { staff } = createStaffSide(config, database, encryption, logger).commandLine;
    if (command === 'list') {
      const members = await staff.list();
      if (members.length === 0)
        out('No staff accounts yet. Create the first administrator with: npm run staff -- create …');
      for (const member of members) {
        const state = member.disabled ? 'disabled' : member.twoFactorEnabled ? 'active' : 'not set up yet';
        out(`${member.email}\t${member.name}\t${member.role}\t${state}`);
      }
      return;
    }
    if (command === 'create') {
      const password = given ?? generatePassword();
      const role = values.role as (typeof STAFF_ROLES)[number];
      await forOperator(staff.create({ email: values.email ?? '', name: values.name ?? '', role }, password));
      out(`Created ${role} ${values.email?.trim().toLowerCase()}.`);
      if (given === undefined) out(`Password (shown only now, pass it on safely): ${password}`);
      out('At the first sign-in on /internal/login they set up an authenticator app.');
      return;
    }
    const member = await staff.findByEmail(needEmail());
    if (!member) throw new UsageError(`no staff account with the email address ${values.email}`);
    let link: string | undefined;
    if (command === 'disable' || command === 'enable') {
      await forOperator(staff.setDisabled(member.id, command === 'disable'));
    } else if (command === 'reset-2fa') {
      await forOperator(staff.resetTwoFactor(member.id));
    } else {
      link = (await forOperator(staff.issueSetPasswordLink(member.id))).setPasswordUrl;
    }
    const done: Record<string, string> = {
      disable: `Disabled ${member.email}; their sessions have ended.`,
      enable: `Enabled ${member.email} again.`,
      'reset-2fa': `Reset two-step sign-in of ${member.email}; they set it up again at their next sign-in.`,
      'password-link': `Link for ${member.email} to choose a new password (valid 72 hours, once; earlier links stop working):`,
    };
    out(done[command] ?? '');
    if (link) out(link);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

/**
 * What a staff operation gives back, or its refusal (a code of the staff section) as a sentence
 * for the operator: a usage mistake, exit code 2. Any other failure goes on as it is.
 */
async function forOperator<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = isAppError(error) ? nameIn('staff', error.code) : undefined;
    if (code) throw new UsageError(operatorSentences[code]);
    throw error;
  }
}

const operatorSentences: Record<StaffErrorCode, string> = {
  invalidEmail: 'the email address is not valid',
  nameRequired: 'the name is empty',
  nameTooLong: 'the name is too long (at most 100 characters)',
  invalidRole: `the role must be one of ${STAFF_ROLES.join(', ')}`,
  emailTaken: 'there is already a staff account with this email address',
  lastAdmin: 'this is the last active administrator: make someone else an administrator first',
  notFound: 'no such staff account',
  conflict: 'someone changed this account at the same moment: run the command again',
};

if (import.meta.main) {
  // Every message of this command is written for the operator: none gets "failed:" in front.
  runCommandLine({ name: 'staff', knownErrors: [Error] }, (argv, env, out) => runStaffCommand(argv, env, out));
}
