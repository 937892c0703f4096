import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The site's versioned keys (decision 0023). Two purposes, rotated apart: `data` seals every stored
 * value and file; `lookup` finds a report from its receipt. Key 1 of each purpose is the original
 * one, derived from the master key as before key ids existed; later keys are random and live in
 * the keyring file (DATA_DIR/keyring.json, or KEYRING_FILE), which every instance must share. In
 * the file each random key is wrapped (AES-256-GCM) under a key derived from the master key, so a
 * copy of DATA_DIR without the master key opens nothing.
 */
export type KeyPurpose = 'data' | 'lookup';
export const KEY_PURPOSES: readonly KeyPurpose[] = ['data', 'lookup'];

export type PurposeState = {
  /** The key new values are sealed (or receipts hashed) with. */
  current: number;
  /**
   * Random keys by id, base64, as held in memory (wrapped in the file). Key 1 is never here: it is
   * derived from the master key.
   */
  keys: Record<string, string>;
  /** Keys nothing is left under any more: no longer loaded, their material deleted. */
  retired: number[];
  /** Keys a rotation is moving values away from (re-sealing), until it retires them. */
  retiring: number[];
};
export type KeyringState = { data: PurposeState; lookup: PurposeState };

export type Keyring = {
  current(purpose: KeyPurpose): { id: number; key: Buffer };
  /** A key by id; throws a clear error when this keyring does not hold it (retired or unknown). */
  key(purpose: KeyPurpose, id: number): Buffer;
  /** Every key still held for a purpose, the current one first. */
  live(purpose: KeyPurpose): { id: number; key: Buffer }[];
};

const KEY_BYTES = 32;
const ORIGINAL_INFO: Record<KeyPurpose, string> = { data: 'data-at-rest', lookup: 'follow-up-receipts' };
/** How often a running instance looks at the keyring file for a rotation's new key. */
export const KEYRING_RECHECK_MS = 5_000;

export const emptyKeyringState = (): KeyringState => ({
  data: { current: 1, keys: {}, retired: [], retiring: [] },
  lookup: { current: 1, keys: {}, retired: [], retiring: [] },
});

export class KeyringError extends Error {}

function originalKey(masterKey: Buffer, purpose: KeyPurpose) {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), ORIGINAL_INFO[purpose], KEY_BYTES));
}

function keysOf(masterKey: Buffer, state: KeyringState, purpose: KeyPurpose) {
  const held = new Map<number, Buffer>();
  const { keys, retired } = state[purpose];
  if (!retired.includes(1)) held.set(1, originalKey(masterKey, purpose));
  for (const [id, material] of Object.entries(keys)) held.set(Number(id), Buffer.from(material, 'base64'));
  return held;
}

function keyringFrom(masterKey: Buffer, load: (force: boolean) => KeyringState): Keyring {
  const held = (purpose: KeyPurpose, force = false) => {
    const state = load(force);
    return { state: state[purpose], keys: keysOf(masterKey, state, purpose) };
  };
  return {
    current(purpose) {
      const { state, keys } = held(purpose);
      const key = keys.get(state.current);
      if (!key) throw new KeyringError(`The keyring does not hold the current ${purpose} key ${state.current}.`);
      return { id: state.current, key };
    },
    key(purpose, id) {
      let found = held(purpose).keys.get(id);
      // A rotation run elsewhere may have added this key since the file was last read.
      if (!found) found = held(purpose, true).keys.get(id);
      if (!found) {
        throw new KeyringError(
          `This value was sealed with ${purpose} key ${id}, which this keyring does not hold (retired or from another keyring).`,
        );
      }
      return found;
    },
    live(purpose) {
      const { state, keys } = held(purpose);
      return [...keys.entries()]
        .map(([id, key]) => ({ id, key }))
        .sort((a, b) => (a.id === state.current ? -1 : b.id === state.current ? 1 : b.id - a.id));
    },
  };
}

/** Only the original keys: for tools and tests that have no keyring file. */
export const staticKeyring = (masterKey: Buffer, state: KeyringState = emptyKeyringState()) =>
  keyringFrom(masterKey, () => state);

export const keyringPath = (dataDir: string, configured?: string) => configured ?? path.join(dataDir, 'keyring.json');

/**
 * The file's formats: 1 held the random keys in base64 as they are (read still, rewritten wrapped
 * by the next write); 2 holds each one wrapped: base64 of iv (12) | ciphertext (32) | tag (16),
 * AES-256-GCM under HKDF(master key, "keyring-wrap"), with the purpose and key id as associated
 * data, so that a wrapped key moved to another id or purpose does not open either.
 */
const FORMAT_PLAIN = 1;
const FORMAT_WRAPPED = 2;
type WrappedPurpose = Omit<PurposeState, 'keys'> & { wrapped: Record<string, string> };
type KeyringFile =
  | { format: typeof FORMAT_PLAIN; data: PurposeState; lookup: PurposeState }
  | { format: typeof FORMAT_WRAPPED; data: WrappedPurpose; lookup: WrappedPurpose };

const WRAP_IV_BYTES = 12;
const WRAP_TAG_BYTES = 16;
const wrappingKey = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'keyring-wrap', KEY_BYTES));
const wrapContext = (purpose: KeyPurpose, id: string) => Buffer.from(`keyring ${purpose} key ${id}`, 'utf8');

function wrapKey(wrapping: Buffer, purpose: KeyPurpose, id: string, material: string) {
  const iv = randomBytes(WRAP_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', wrapping, iv);
  cipher.setAAD(wrapContext(purpose, id));
  const body = Buffer.concat([cipher.update(Buffer.from(material, 'base64')), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

function unwrapKey(wrapping: Buffer, purpose: KeyPurpose, id: string, wrapped: string, file: string) {
  const sealed = Buffer.from(wrapped, 'base64');
  try {
    if (sealed.length !== WRAP_IV_BYTES + KEY_BYTES + WRAP_TAG_BYTES) throw new Error('wrong length');
    const decipher = createDecipheriv('aes-256-gcm', wrapping, sealed.subarray(0, WRAP_IV_BYTES));
    decipher.setAAD(wrapContext(purpose, id));
    decipher.setAuthTag(sealed.subarray(sealed.length - WRAP_TAG_BYTES));
    const body = sealed.subarray(WRAP_IV_BYTES, sealed.length - WRAP_TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('base64');
  } catch {
    throw new KeyringError(
      `${file}: ${purpose} key ${id} does not unwrap: the file was altered, or it belongs with another master key (ENCRYPTION_KEY or DATA_DIR/encryption.key).`,
    );
  }
}

const isPurposeState = (value: unknown, field: 'keys' | 'wrapped') => {
  const own = value as Record<string, unknown> | undefined;
  return (
    typeof own?.current === 'number' &&
    typeof own[field] === 'object' &&
    own[field] !== null &&
    Array.isArray(own.retired) &&
    Array.isArray(own.retiring)
  );
};

/** Whether the file is in the first format, with its random keys unwrapped (rewritten by the next write). */
export function keyringFileIsUnwrapped(file: string) {
  if (!fs.existsSync(file)) return false;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { format?: unknown }).format === FORMAT_PLAIN;
}

/** The keyring as the file holds it, its keys unwrapped with the master key (an old unwrapped file is read as it is). */
export function readKeyringState(masterKey: Buffer, file: string): KeyringState {
  if (!fs.existsSync(file)) return emptyKeyringState();
  let parsed: KeyringFile;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as KeyringFile;
  } catch {
    throw new KeyringError(`${file} is not a keyring file (it is not JSON).`);
  }
  if (parsed.format === FORMAT_PLAIN && isPurposeState(parsed.data, 'keys') && isPurposeState(parsed.lookup, 'keys')) {
    return { data: parsed.data, lookup: parsed.lookup };
  }
  if (
    parsed.format !== FORMAT_WRAPPED ||
    !isPurposeState(parsed.data, 'wrapped') ||
    !isPurposeState(parsed.lookup, 'wrapped')
  ) {
    throw new KeyringError(`${file} is not a keyring file.`);
  }
  const wrapping = wrappingKey(masterKey);
  const unwrapped = (purpose: KeyPurpose): PurposeState => {
    const { wrapped, ...own } = parsed[purpose] as WrappedPurpose;
    const keys = Object.fromEntries(
      Object.entries(wrapped).map(([id, material]) => [id, unwrapKey(wrapping, purpose, id, material, file)]),
    );
    return { ...own, keys };
  };
  return { data: unwrapped('data'), lookup: unwrapped('lookup') };
}

/**
 * Replaces the keyring file whole, its keys wrapped, readable by its owner only: written beside it
 * and flushed, renamed over it, then the folder flushed too, so that after a crash the file holds
 * the new keyring or the old one, and a key whose values PostgreSQL has committed is never lost with
 * a rename the disk had not yet recorded.
 */
export function writeKeyringState(masterKey: Buffer, file: string, state: KeyringState) {
  const wrapping = wrappingKey(masterKey);
  const wrapped = (purpose: KeyPurpose): WrappedPurpose => {
    const { keys, ...own } = state[purpose];
    return {
      current: own.current,
      wrapped: Object.fromEntries(
        Object.entries(keys).map(([id, material]) => [id, wrapKey(wrapping, purpose, id, material)]),
      ),
      retired: own.retired,
      retiring: own.retiring,
    };
  };
  const contents: KeyringFile = { format: FORMAT_WRAPPED, data: wrapped('data'), lookup: wrapped('lookup') };
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  const handle = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeSync(handle, `${JSON.stringify(contents, null, 2)}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(partial, file);
  const directory = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(directory);
  } finally {
    fs.closeSync(directory);
  }
}

/**
 * The keyring of a running instance: it reads the file again when it changes (checked at most every
 * few seconds, and at once for a key it does not know), so that a rotation run beside the site
 * takes effect without a restart.
 */
export function fileKeyring(masterKey: Buffer, file: string, recheckMs = KEYRING_RECHECK_MS): Keyring {
  let state = readKeyringState(masterKey, file);
  let seen = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  let checkedAt = Date.now();
  return keyringFrom(masterKey, (force) => {
    if (!force && Date.now() - checkedAt < recheckMs) return state;
    checkedAt = Date.now();
    const modified = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (modified !== seen) {
      state = readKeyringState(masterKey, file);
      seen = modified;
    }
    return state;
  });
}

/** A new random key for a purpose, made current; the keys it replaces are marked as retiring. */
export function introduceKey(state: KeyringState, purpose: KeyPurpose): { state: KeyringState; id: number } {
  const own = state[purpose];
  const used = [1, ...own.retired, ...Object.keys(own.keys).map(Number)];
  const id = Math.max(...used) + 1;
  const previous = [...(own.retired.includes(1) ? [] : [1]), ...Object.keys(own.keys).map(Number)];
  return {
    id,
    state: {
      ...state,
      [purpose]: {
        current: id,
        keys: { ...own.keys, [id]: randomBytes(KEY_BYTES).toString('base64') },
        retired: own.retired,
        retiring: [...new Set([...own.retiring, ...previous])].sort((a, b) => a - b),
      },
    },
  };
}

/** Deletes the material of keys nothing is left under. */
export function retireKeys(state: KeyringState, purpose: KeyPurpose, ids: number[]): KeyringState {
  const own = state[purpose];
  const keys = Object.fromEntries(Object.entries(own.keys).filter(([id]) => !ids.includes(Number(id))));
  return {
    ...state,
    [purpose]: {
      current: own.current,
      keys,
      retired: [...new Set([...own.retired, ...ids])].sort((a, b) => a - b),
      retiring: own.retiring.filter((id) => !ids.includes(id)),
    },
  };
}
