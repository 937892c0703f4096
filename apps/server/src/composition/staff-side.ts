import type pg from 'pg';
import { createAuditLog } from '../audit/audit-log.ts';
import { createAuth } from '../auth/auth.ts';
import { createSignInLimits } from '../auth/sign-in-limits.ts';
import { createStaffAuthService } from '../auth/staff-auth.service.ts';
import { createStaffSessions } from '../auth/staff-sessions.ts';
import type { Config } from '../config.ts';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createCommandLineOperations } from '../operations/command-line-operations.ts';
import type { OperationDeps } from '../operations/operation-context.ts';
import { createFileStore } from '../storage/file-store.ts';
import { createSealedStorage } from '../storage/sealed-storage.ts';
import { createSpoolingStore } from '../storage/spool.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';

/**
 * The staff side alone: better-auth, the audit log, the sessions, the sign-in steps, what every
 * staff operation uses (`operationDeps`) and the command line's operations. The site builds it
 * inside `createSite`; `npm run staff` (`cli/staff.ts`) builds it alone and keeps only
 * `commandLine`.
 */
export function createStaffSide(
  config: Config,
  database: { db: Db; pool: pg.Pool },
  encryption: Encryption,
  logger: Logger,
  /** The site's sealed storage; the command line, which reads no file, gets one of its own. */
  storage?: StorageDriver,
) {
  const secret = encryption.deriveKey('better-auth').toString('base64url');
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: config.publicUrl,
    organisationName: config.site.organisationName,
    logger,
  });
  const audit = createAuditLog(database.db);
  const staffSessions = createStaffSessions(auth, database.pool, audit, {
    idleMinutes: config.staff.idleMinutes,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  const operationDeps: OperationDeps = {
    db: database.db,
    encryption,
    storage: storage ?? createSealedStorage(createSpoolingStore(createFileStore(config), database.pool), encryption),
    audit,
    sessions: staffSessions,
    auth,
    publicUrl: config.publicUrl,
    organisationName: config.site.organisationName,
    digestHour: config.mail.digestHour,
    responsePromiseWorkingDays: config.responsePromiseWorkingDays,
    referralAnswerWorkingDays: config.referralAnswerWorkingDays,
    smallCellThreshold: config.site.smallCellThreshold,
    retentionPeriods: config.retention,
    earlyWarnings: config.earlyWarnings,
  };
  const staffAuth = createStaffAuthService({
    auth,
    db: database.db,
    pool: database.pool,
    audit,
    limits: createSignInLimits(
      database.pool,
      encryption.deriveKey('sign-in-limit-keys'),
      config.staff.signInAttemptsPerIp,
    ),
    sessions: staffSessions,
    logger,
  });
  return {
    auth,
    audit,
    staffSessions,
    staffAuth,
    operationDeps,
    commandLine: createCommandLineOperations(operationDeps),
  };
}
