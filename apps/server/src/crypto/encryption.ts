import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { fileKeyring, type Keyring, keyringFileIsUnwrapped, staticKeyring } from './keyring.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first format: version | iv | ciphertext | tag, always under the original data key (id 1). */
const VERSION_ORIGINAL = 1;
/** The keyed format (decision 0023): version | key id (2 bytes) | iv | ciphertext | tag. */
const VERSION_KEYED = 2;
/** The id of the data key every value sealed before key ids existed was sealed with. */
export const ORIGINAL_KEY_ID = 1;

export type Encryption = {
  /** AES-256-GCM with a random IV under the current data key, whose id the value carries. */
  seal(plain: Buffer): Buffer;
  open(sealed: Buffer): Buffer;
  sealText(plain: string): string;
  openText(sealed: string): string;
  /** The id of the data key a sealed value (or file) was sealed with. */
  keyIdOf(sealed: Buffer): number;
  /** The id of the data key new values are sealed with. */
  currentKeyId(): number;
  /** A key for another purpose (HMACs), derived so that no two purposes share a key. */
  deriveKey(purpose: string): Buffer;
  /**
   * A key for another purpose derived from each data key still held, the current one first
   * (decision 0055: the search index's key follows the data key through a rotation).
   */
  deriveFromDataKeys(purpose: string): { id: number; key: Buffer }[];
};

/**
 * Seals under the keyring's current data key and opens under whichever key a value names. Without
 * a keyring (tests, tools), the only data key is the original one.
 */
export function createEncryption(masterKey: Buffer, keyring: Keyring = staticKeyring(masterKey)): Encryption {
  if (masterKey.length !== KEY_BYTES) throw new Error('The encryption key must be 32 bytes');
  const keyIdOf = (sealed: Buffer) => {
    if (sealed[0] === VERSION_ORIGINAL && sealed.length >= 1 + IV_BYTES + TAG_BYTES) return ORIGINAL_KEY_ID;
    if (sealed[0] === VERSION_KEYED && sealed.length >= 3 + IV_BYTES + TAG_BYTES) return sealed.readUInt16BE(1);
    throw new Error('Not a sealed value');
  };
  const seal = (plain: Buffer) => {
    const { id, key } = keyring.current('data');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const header = Buffer.alloc(3);
    header[0] = VERSION_KEYED;
    header.writeUInt16BE(id, 1);
    return Buffer.concat([header, iv, body, cipher.getAuthTag()]);
  };
  const open = (sealed: Buffer) => {
    const id = keyIdOf(sealed);
    const start = sealed[0] === VERSION_ORIGINAL ? 1 : 3;
    const key = keyring.key('data', id);
    const iv = sealed.subarray(start, start + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(start + IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  };
  return {
    seal,
    open,
    sealText: (plain) => seal(Buffer.from(plain, 'utf8')).toString('base64'),
    openText: (sealed) => open(Buffer.from(sealed, 'base64')).toString('utf8'),
    keyIdOf,
    currentKeyId: () => keyring.current('data').id,
    deriveKey: (purpose) => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, KEY_BYTES)),
    deriveFromDataKeys: (purpose) =>
      keyring
        .live('data')
        .map(({ id, key }) => ({ id, key: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, KEY_BYTES)) })),
  };
}

/**
 * The SQL expression for the data key id of a sealed base64 column: its first four characters are
 * exactly the three header bytes (version, key id).
 */
export const sqlKeyIdOf = (column: string) =>
  `(case get_byte(decode(left(${column}, 4), 'base64'), 0) when ${VERSION_ORIGINAL} then ${ORIGINAL_KEY_ID} ` +
  `else get_byte(decode(left(${column}, 4), 'base64'), 1) * 256 + get_byte(decode(left(${column}, 4), 'base64'), 2) end)`;

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

/** The site's encryption: its master key and its keyring file, read again when a rotation changes it. */
export function loadSiteEncryption(
  config: { encryptionKey: Buffer | undefined; dataDir: string; keyringFile: string },
  logger: Logger,
): { encryption: Encryption; keyring: Keyring; masterKey: Buffer } {
  const masterKey = loadMasterKey(config.encryptionKey, config.dataDir, logger);
  const keyring = fileKeyring(masterKey, config.keyringFile);
  if (keyringFileIsUnwrapped(config.keyringFile)) {
    // Not rewritten here: a rotation running beside this start may be writing the file.
    logger.warn(
      'the keyring file holds its keys unwrapped (the format before wrapping); npm run rotate-key -- --wrap (or the next rotation) wraps them under the master key',
    );
  }
  return { encryption: createEncryption(masterKey, keyring), keyring, masterKey };
}
