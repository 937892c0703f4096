import type pg from 'pg';
import type { Config } from '../config.ts';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { versionLine } from '../version.ts';
import { backupFindings } from './backups.ts';
import { clockFindings } from './clock.ts';
import { databaseFindings } from './database.ts';
import { diskFindings, type FreeSpace, readFreeSpace } from './disk.ts';
import { type Finding, worst } from './finding.ts';
import { keyBackupFindings } from './key-backup.ts';
import { proxyFindings } from './proxy.ts';
import { settingsFindings } from './settings.ts';
import { smtpFindings } from './smtp.ts';
import { storageFindings } from './storage.ts';

export type DoctorInputs = {
  config: Config;
  /** The site's database; undefined when there is none yet (the embedded one before the first start). */
  pool: pg.Pool | undefined;
  /** The site's file store (the folder or the bucket, as stored). */
  storage: StorageDriver;
  readFreeSpace?: (folder: string) => Promise<FreeSpace>;
  /** The time server to compare the clock with; undefined skips it. */
  ntpServer?: string;
  ntpPort?: number;
  smtpTimeoutMs?: number;
};

const noDatabaseYet: Finding = {
  check: 'database',
  severity: 'info',
  message:
    'There is no database yet: the first start of the site creates it (DATA_DIR/postgres). Its checks are skipped.',
};

/** Every check of `doctor`, in the order it shows them (issue 28, item 2). */
export async function runDoctor(inputs: DoctorInputs): Promise<Finding[]> {
  const { config, pool, storage } = inputs;
  const findings: Finding[] = [
    { check: 'version', severity: 'info', message: versionLine() },
    ...settingsFindings(config),
  ];
  let databaseOk = false;
  if (pool) {
    const database = await databaseFindings(pool);
    databaseOk = worst(database.filter((finding) => finding.check === 'database')) === 'ok';
    findings.push(...database);
  } else {
    findings.push(noDatabaseYet);
  }
  const usable = pool && databaseOk ? pool : undefined;
  const [proxy, smtp, keys, backups, files, disk, clock] = await Promise.all([
    usable ? proxyFindings(config, usable) : [],
    smtpFindings(config, inputs.smtpTimeoutMs),
    keyBackupFindings(config, usable),
    usable ? backupFindings(usable) : [],
    storageFindings(
      storage,
      config.storage.driver === 's3' ? `bucket ${config.storage.bucket}` : `${config.dataDir}/storage`,
    ),
    diskFindings(config, inputs.readFreeSpace ?? readFreeSpace),
    clockFindings({
      ntpServer: inputs.ntpServer,
      ntpPort: inputs.ntpPort,
      externalPool: config.databaseUrl ? usable : undefined,
    }),
  ]);
  return [...findings, ...proxy, ...smtp, ...keys, ...backups, ...files, ...disk, ...clock];
}

const LABELS = { ok: 'ok     ', info: 'info   ', warning: 'WARNING', blocker: 'BLOCKER' } as const;

/** The findings as doctor prints them: one line each, the fix indented below. */
export function formatFindings(findings: readonly Finding[]): string[] {
  const lines: string[] = [];
  for (const finding of findings) {
    lines.push(`${LABELS[finding.severity]}  ${finding.check}: ${finding.message}`);
    if (finding.fix && finding.severity !== 'ok') lines.push(`         fix: ${finding.fix}`);
  }
  const blockers = findings.filter((finding) => finding.severity === 'blocker').length;
  const warnings = findings.filter((finding) => finding.severity === 'warning').length;
  const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;
  lines.push('');
  lines.push(
    blockers > 0
      ? `${count(blockers, 'blocker')} and ${count(warnings, 'warning')}: put the blockers right before relying on the site.`
      : warnings > 0
        ? `No blocker; ${count(warnings, 'warning')} to look at.`
        : 'Everything checked is in order.',
  );
  return lines;
}
