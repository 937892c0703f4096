import type { RetentionPeriods } from '@app/core/casework/retention';
import { AppError } from '@app/core/errors/app-error';
import type { IncidentType } from '@app/core/forms/incident-types';
import type { EarlyWarningSettings } from '@app/core/staff/early-warnings';
import { can, type Permission } from '@app/core/staff/staff';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import type { AuditLog, AuditRecord } from '../audit/audit-log.ts';
import type { Auth } from '../auth/auth.ts';
import type { StaffSessions } from '../auth/staff-sessions.ts';
import type { Encryption } from '../crypto/encryption.ts';
import type { ReceiptHasher } from '../crypto/receipts.ts';
import type { Db } from '../db/database.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

/** What every staff operation may use. Built once at start-up; the actor comes per request. */
export type OperationDeps = {
  db: Db;
  encryption: Encryption;
  /** Files, sealed. */
  storage: StorageDriver;
  audit: AuditLog;
  sessions: StaffSessions;
  auth: Auth;
  publicUrl: string;
  /** The organisation's name, as the site shows it: an evidence pack says who prepared it. */
  organisationName: string;
  /** The clock, for what depends on today's date in Belgium (reminders); tests stand anywhere in time. */
  now?: () => Date;
  /** The hour in Brussels from which the daily digest goes out (DIGEST_HOUR), for the account page. */
  digestHour?: number;
  /** The promise to answer a report within so many working days (RESPONSE_PROMISE_WORKING_DAYS). */
  responsePromiseWorkingDays: number;
  /** A referral comes due without the partner's first answer after so many working days (REFERRAL_ANSWER_WORKING_DAYS). */
  referralAnswerWorkingDays?: number;
  /** The small-cell threshold (SMALL_CELL_THRESHOLD, decision 0022) that staff figures of reporters' answers keep to too. */
  smallCellThreshold?: number;
  /** The retention periods per outcome (decision 0040), for the erasure dates staff are shown. */
  retentionPeriods?: RetentionPeriods;
  /** Early warning's thresholds (decision 0052), for the window the dashboard names. */
  earlyWarnings?: EarlyWarningSettings;
  /**
   * What recording a report from another channel needs of the intake (decision 0051): the receipt
   * hasher and the types staff mark as urgent. The site gives it; the command line, which records
   * nothing, does not.
   */
  intake?: { receipts: ReceiptHasher; urgentIncidentTypes: readonly IncidentType[] };
};

/** The staff member an operation acts for, as the session found them. */
export type Actor = StaffIdentity;

/**
 * The operator at the server's command line (`npm run staff`): whoever holds the server and its
 * database, not a member and never a session. It exists only in a process the operator started,
 * may do what `COMMAND_LINE_PERMISSIONS` lists, and every row it writes in the audit log says
 * that the command line did it.
 */
export type CommandLineActor = { readonly kind: 'command-line' };
export const COMMAND_LINE: CommandLineActor = Object.freeze({ kind: 'command-line' });

/**
 * What the command line may do: manage staff, which is how the first admin is created and how an
 * operator lets an admin who lost both factors (or the last admin, disabled) back in. Nothing
 * else: it never reads a report, a message or the audit log.
 */
export const COMMAND_LINE_PERMISSIONS: readonly Permission[] = ['staff:manage'];

export function isCommandLine(actor: Actor | CommandLineActor): actor is CommandLineActor {
  return 'kind' in actor && actor.kind === 'command-line';
}

/** The audit log's columns for who acted: a member's id, or the command line. */
export function auditedActor(actor: Actor | CommandLineActor): Pick<AuditRecord, 'actorId' | 'actorKind'> {
  return isCommandLine(actor) ? { actorKind: 'command-line' } : { actorId: actor.id };
}

/** A transaction, as drizzle hands it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Whether the actor may do this, checked by the operation itself whatever its caller did. A
 * refusal is recorded in the audit log (with the pool: it stays whatever happens next) and thrown
 * as `AppError('FORBIDDEN')`: the pages answer it with their 403 page, the API with a 403.
 */
export async function authorize(
  deps: OperationDeps,
  actor: Actor | CommandLineActor,
  permission: Permission,
): Promise<void> {
  if (isCommandLine(actor)) {
    if (COMMAND_LINE_PERMISSIONS.includes(permission)) return;
    await deps.audit.record({ action: 'access.denied', actorKind: 'command-line', details: { permission } });
    throw new AppError('FORBIDDEN');
  }
  if (can(actor.role, permission)) return;
  await deps.audit.record({ action: 'access.denied', actorId: actor.id, details: { permission, role: actor.role } });
  throw new AppError('FORBIDDEN');
}

/** An audit row about a report, written with the transaction of the change it records. */
export function auditReport(
  deps: OperationDeps,
  tx: Tx,
  actor: Actor,
  action: AuditRecord['action'],
  reportId: string,
  details: AuditRecord['details'] = {},
) {
  return deps.audit.record({ action, actorId: actor.id, subjectType: 'report', subjectId: reportId, details }, tx);
}

/** The operation's idea of now: the injected clock, or the machine's. */
export function nowOf(deps: OperationDeps): Date {
  return deps.now ? deps.now() : new Date();
}
