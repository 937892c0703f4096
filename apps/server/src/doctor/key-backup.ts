import { createHmac, hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { type Finding, ok } from './finding.ts';

/** Where the site's keys are, and the master key itself when there is one (never made here). */
export function keyMaterial(config: Config): { masterKey: Buffer | undefined; keyFiles: string[] } {
  const keyFile = path.join(config.dataDir, 'encryption.key');
  const keyFiles = [config.encryptionKey ? 'ENCRYPTION_KEY (in the site settings)' : keyFile];
  if (fs.existsSync(config.keyringFile)) keyFiles.push(config.keyringFile);
  if (config.encryptionKey) return { masterKey: config.encryptionKey, keyFiles };
  if (!fs.existsSync(keyFile)) return { masterKey: undefined, keyFiles };
  return { masterKey: Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64'), keyFiles };
}

/**
 * A fingerprint of the master key and the keyring file as they are now, keyed by the master key so
 * that it reveals nothing of either: a rotation (which rewrites the keyring) changes it.
 */
export function keyFingerprint(masterKey: Buffer, keyringFile: string): string {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'doctor key-backup fingerprint', 32));
  const keyring = fs.existsSync(keyringFile) ? fs.readFileSync(keyringFile) : Buffer.alloc(0);
  return createHmac('sha256', key).update(keyring).digest('hex');
}

/** The operator's word that the keys, as they are now, are kept safe elsewhere. */
export async function confirmKeyBackup(config: Config, pool: Pick<pg.Pool, 'query'>): Promise<string[]> {
  const { masterKey, keyFiles } = keyMaterial(config);
  if (!masterKey) throw new Error('there is no encryption key yet: the first start of the site makes it');
  await pool.query(
    'insert into key_backup (fingerprint) values ($1) on conflict (fingerprint) do update set confirmed_at = now()',
    [keyFingerprint(masterKey, config.keyringFile)],
  );
  return keyFiles;
}

/** The master key and the keyring backed up since they last changed (the operator's word for it). */
export async function keyBackupFindings(config: Config, pool: Pick<pg.Pool, 'query'> | undefined): Promise<Finding[]> {
  const { masterKey, keyFiles } = keyMaterial(config);
  if (!masterKey) {
    return [
      {
        check: 'key-backup',
        severity: 'info',
        message: `There is no encryption key yet (${keyFiles[0]}): the site makes one at its first start.`,
      },
    ];
  }
  if (!pool) return [];
  const { rows } = await pool.query<{ at: Date }>('select confirmed_at as at from key_backup where fingerprint = $1', [
    keyFingerprint(masterKey, config.keyringFile),
  ]);
  const confirmed = rows[0]?.at;
  if (confirmed) {
    return [ok('key-backup', `The keys as they are now were backed up (confirmed ${confirmed.toISOString()}).`)];
  }
  return [
    {
      check: 'key-backup',
      severity: 'blocker',
      message: `${keyFiles.length > 1 ? 'The encryption key and the keyring, as they are now, are' : 'The encryption key is'} not confirmed as backed up: without ${keyFiles.length > 1 ? 'them' : 'it'} no report, file or backup can ever be read again.`,
      fix: `Copy ${keyFiles.join(' and ')} to a safe place apart from the backups (a password manager, a safe), then run: community-safety doctor --key-backed-up (npm run doctor -- --key-backed-up).`,
    },
  ];
}
