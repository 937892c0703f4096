import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Format version, first byte of every sealed value, so that the scheme can change later. */
const VERSION = 1;

export type Encryption = {
  /** AES-256-GCM with a random IV: version | iv | ciphertext | tag. */
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
  sealText(plain: string): string;
  openText(sealed: string): string;
  /** A key for another purpose (HMACs), derived so that no two purposes share a key. */
  deriveKey(purpose: string): Buffer;
};

export function createEncryption(masterKey: Buffer): Encryption {
  if (masterKey.length !== KEY_BYTES) throw new Error('The encryption key must be 32 bytes');
  const dataKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'data-at-rest', KEY_BYTES));
  const seal = (plain: Buffer) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]);
  };
  const open = (sealed: Buffer) => {
    if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + TAG_BYTES) throw new Error('Not a sealed value');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  };
  return {
    seal,
    open,
    sealText: (plain) => seal(Buffer.from(plain, 'utf8')).toString('base64'),
    openText: (sealed) => open(Buffer.from(sealed, 'base64')).toString('utf8'),
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, KEY_BYTES)),
  };
}

/**
 * The master key: ENCRYPTION_KEY when set (required when several instances share a database), else
 * a key file in DATA_DIR made on first run. Without the key, nothing stored can be read again, so
 * its creation is announced loudly.
 */
export function loadMasterKey(configured: Buffer | undefined, dataDir: string, logger: Logger): Buffer {
  if (configured) return configured;
  const keyFile = path.join(dataDir, 'encryption.key');
  if (fs.existsSync(keyFile)) return Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  fs.writeFileSync(keyFile, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  logger.warn(
    { keyFile },
    'created a new encryption key for reports and files. BACK IT UP: without it no report can ever be read again',
  );
  return key;
}
