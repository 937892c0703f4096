import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The site's versioned keys (decision 0023). Two purposes, rotated apart: `data` seals every stored
 * value and file; `lookup` finds a report from its receipt. Key 1 of each purpose is the original
 * one, derived from the master key as before key ids existed; later keys are random and live in
 * the keyring file (DATA_DIR/keyring.json, or KEYRING_FILE), which every instance must share.
 */
export type KeyPurpose = 'data' | 'lookup';
export const KEY_PURPOSES: readonly KeyPurpose[] = ['data', 'lookup'];

export type PurposeState = {
  /** The key new values are sealed (or receipts hashed) with. */
  current: number;
  /** Random keys by id, base64. Key 1 is never here: it is derived from the master key. */
  keys: Record<string, string>;
  /** Keys nothing is left under any more: no longer loaded, their material deleted. */
  retired: number[];
  /** Keys a rotation is moving values away from (re-sealing), until it retires them. */
  retiring: number[];
};
export type KeyringState = { format: 1; data: PurposeState; lookup: PurposeState };

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
  format: 1,
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

export function readKeyringState(file: string): KeyringState {
  if (!fs.existsSync(file)) return emptyKeyringState();
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as KeyringState;
  if (parsed.format !== 1 || !parsed.data || !parsed.lookup) throw new KeyringError(`${file} is not a keyring file.`);
  return parsed;
}

/** Replaces the keyring file whole (written beside it, then renamed), readable by its owner only. */
export function writeKeyringState(file: string, state: KeyringState) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  const handle = fs.openSync(partial, 'w', 0o600);
  try {
    fs.writeSync(handle, `${JSON.stringify(state, null, 2)}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(partial, file);
}

/**
 * The keyring of a running instance: it reads the file again when it changes (checked at most every
 * few seconds, and at once for a key it does not know), so that a rotation run beside the site
 * takes effect without a restart.
 */
export function fileKeyring(masterKey: Buffer, file: string, recheckMs = KEYRING_RECHECK_MS): Keyring {
  let state = readKeyringState(file);
  let seen = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  let checkedAt = Date.now();
  return keyringFrom(masterKey, (force) => {
    if (!force && Date.now() - checkedAt < recheckMs) return state;
    checkedAt = Date.now();
    const modified = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (modified !== seen) {
      state = readKeyringState(file);
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
