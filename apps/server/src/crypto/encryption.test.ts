import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createEncryption, loadMasterKey } from './encryption.ts';
import {
  emptyKeyringState,
  fileKeyring,
  introduceKey,
  KeyringError,
  keyringFileIsUnwrapped,
  readKeyringState,
  retireKeys,
  staticKeyring,
  writeKeyringState,
} from './keyring.ts';
import { createReceiptHasher, lookupKeyIdOf } from './receipts.ts';

/** A value as the site sealed it before key ids existed: 1 | iv | ciphertext | tag, original key. */
function sealedTheOldWay(masterKey: Buffer, plain: string) {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'data-at-rest', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, body, cipher.getAuthTag()]).toString('base64');
}

describe('encryption', () => {
  const encryption = createEncryption(randomBytes(32));

  it('round-trips text and bytes, never with the same ciphertext twice', () => {
    const sealed = encryption.sealText('Sara Cohen, 0470 12 34 56');
    expect(sealed).not.toContain('Sara');
    expect(encryption.openText(sealed)).toBe('Sara Cohen, 0470 12 34 56');
    expect(encryption.sealText('same')).not.toBe(encryption.sealText('same'));
    const bytes = randomBytes(1000);
    expect(encryption.open(encryption.seal(bytes)).equals(bytes)).toBe(true);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = encryption.seal(Buffer.from('secret'));
    sealed[20] = (sealed[20] ?? 0) ^ 1;
    expect(() => encryption.open(sealed)).toThrow();
    const other = createEncryption(randomBytes(32));
    expect(() => other.open(encryption.seal(Buffer.from('secret')))).toThrow();
  });

  it('derives a different key for each purpose', () => {
    expect(encryption.deriveKey('altcha').equals(encryption.deriveKey('rate-limit'))).toBe(false);
    expect(encryption.deriveKey('altcha').equals(encryption.deriveKey('altcha'))).toBe(true);
  });

  it('creates a key file readable by its owner only on first run, and reads it back after', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-key-'));
    const first = loadMasterKey(undefined, dataDir, createLogger('silent'));
    const keyFile = path.join(dataDir, 'encryption.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadMasterKey(undefined, dataDir, createLogger('silent')).equals(first)).toBe(true);
    const configured = randomBytes(32);
    expect(loadMasterKey(configured, dataDir, createLogger('silent')).equals(configured)).toBe(true);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('names the key in every sealed value, and opens values sealed before key ids as key 1', () => {
    const masterKey = randomBytes(32);
    const original = createEncryption(masterKey);
    const old = sealedTheOldWay(masterKey, 'Sara Cohen');
    expect(original.keyIdOf(Buffer.from(old, 'base64'))).toBe(1);
    expect(original.openText(old)).toBe('Sara Cohen');

    const { state } = introduceKey(emptyKeyringState(), 'data');
    const rotated = createEncryption(masterKey, staticKeyring(masterKey, state));
    const sealed = rotated.sealText('Sara Cohen');
    expect(rotated.keyIdOf(Buffer.from(sealed, 'base64'))).toBe(2);
    expect(rotated.openText(sealed)).toBe('Sara Cohen');
    expect(rotated.openText(old)).toBe('Sara Cohen');
    // Retired, key 1 opens nothing any more, with a message that says which key is missing.
    const retired = createEncryption(masterKey, staticKeyring(masterKey, retireKeys(state, 'data', [1])));
    expect(retired.openText(sealed)).toBe('Sara Cohen');
    expect(() => retired.openText(old)).toThrow(KeyringError);
    expect(() => retired.openText(old)).toThrow(/data key 1/);
  });

  it('keeps the keyring in a file readable by its owner only, read again when a rotation changes it', () => {
    const masterKey = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-keyring-'));
    const file = path.join(dataDir, 'keyring.json');
    const site = createEncryption(masterKey, fileKeyring(masterKey, file, 60_000));
    expect(site.currentKeyId()).toBe(1);
    const { state } = introduceKey(readKeyringState(masterKey, file), 'data');
    writeKeyringState(masterKey, file, state);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const rotation = createEncryption(masterKey, staticKeyring(masterKey, state));
    // The site opens a value under the new key at once (an unknown key id reads the file again).
    expect(site.openText(rotation.sealText('nieuw'))).toBe('nieuw');
    expect(site.currentKeyId()).toBe(2);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('wraps every key of the keyring file under the master key: the file alone opens nothing', () => {
    const masterKey = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-keyring-'));
    const file = path.join(dataDir, 'keyring.json');
    const { state } = introduceKey(introduceKey(emptyKeyringState(), 'data').state, 'lookup');
    writeKeyringState(masterKey, file, state);
    const sealed = createEncryption(masterKey, staticKeyring(masterKey, state)).sealText('Sara Cohen');
    const text = fs.readFileSync(file, 'utf8');
    // Neither key appears, in base64 or hex, and no 32 bytes anywhere in the file open the value.
    for (const material of [state.data.keys[2], state.lookup.keys[2]]) {
      expect(text).not.toContain(material ?? '');
      expect(text).not.toContain(Buffer.from(material ?? '', 'base64').toString('hex'));
    }
    const blobs = [...text.matchAll(/"([A-Za-z0-9+/=]{40,})"/g)].map((match) => Buffer.from(match[1] ?? '', 'base64'));
    expect(blobs).toHaveLength(2);
    for (const blob of blobs) {
      for (let start = 0; start + 32 <= blob.length; start += 1) {
        const guess = {
          ...state,
          data: { ...state.data, keys: { 2: blob.subarray(start, start + 32).toString('base64') } },
        };
        expect(() => createEncryption(masterKey, staticKeyring(masterKey, guess)).openText(sealed)).toThrow();
      }
    }
    // Another master key cannot unwrap them, and says so; the right one opens the value.
    expect(() => readKeyringState(randomBytes(32), file)).toThrow(KeyringError);
    expect(() => readKeyringState(randomBytes(32), file)).toThrow(/data key 2 does not unwrap/);
    expect(createEncryption(masterKey, fileKeyring(masterKey, file)).openText(sealed)).toBe('Sara Cohen');
    expect(readKeyringState(masterKey, file)).toEqual(state);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('reads a keyring file of the first format (keys unwrapped) and wraps it on the next write', () => {
    const masterKey = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-keyring-'));
    const file = path.join(dataDir, 'keyring.json');
    const { state } = introduceKey(emptyKeyringState(), 'data');
    const material = state.data.keys[2] ?? '';
    fs.writeFileSync(file, JSON.stringify({ format: 1, ...state }, null, 2), { mode: 0o600 });
    expect(keyringFileIsUnwrapped(file)).toBe(true);
    const sealed = createEncryption(masterKey, staticKeyring(masterKey, state)).sealText('Rue de la Loi');
    expect(createEncryption(masterKey, fileKeyring(masterKey, file)).openText(sealed)).toBe('Rue de la Loi');
    const read = readKeyringState(masterKey, file);
    expect(read).toEqual(state);
    writeKeyringState(masterKey, file, retireKeys(read, 'data', [1]));
    expect(keyringFileIsUnwrapped(file)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(material);
    expect(createEncryption(masterKey, fileKeyring(masterKey, file)).openText(sealed)).toBe('Rue de la Loi');
    // Retiring still deletes a key: retired, key 2's wrapped copy is gone from the file too.
    writeKeyringState(
      masterKey,
      file,
      retireKeys(introduceKey(readKeyringState(masterKey, file), 'data').state, 'data', [2]),
    );
    const after = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      data: { wrapped: Record<string, string>; retired: number[] };
    };
    expect(Object.keys(after.data.wrapped)).toEqual(['3']);
    expect(after.data.retired).toEqual([1, 2]);
    expect(() => createEncryption(masterKey, fileKeyring(masterKey, file)).openText(sealed)).toThrow(/data key 2/);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('refuses a keyring file whose wrapped keys were altered or moved, with a clear error', () => {
    const masterKey = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-keyring-'));
    const file = path.join(dataDir, 'keyring.json');
    writeKeyringState(masterKey, file, introduceKey(emptyKeyringState(), 'data').state);
    const good = fs.readFileSync(file, 'utf8');
    const parsed = JSON.parse(good) as {
      data: { wrapped: Record<string, string> };
      lookup: { wrapped: Record<string, string> };
    };
    const wrapped = Buffer.from(parsed.data.wrapped['2'] ?? '', 'base64');
    wrapped[20] = (wrapped[20] ?? 0) ^ 1;
    fs.writeFileSync(
      file,
      JSON.stringify({ ...parsed, data: { ...parsed.data, wrapped: { 2: wrapped.toString('base64') } } }),
    );
    expect(() => readKeyringState(masterKey, file)).toThrow(KeyringError);
    expect(() => readKeyringState(masterKey, file)).toThrow(/data key 2 does not unwrap: the file was altered/);
    expect(() => fileKeyring(masterKey, file)).toThrow(/does not unwrap/);
    // The same wrapped key under another id, or another purpose, does not unwrap either.
    fs.writeFileSync(
      file,
      JSON.stringify({ ...parsed, data: { ...parsed.data, wrapped: { 3: parsed.data.wrapped['2'] } } }),
    );
    expect(() => readKeyringState(masterKey, file)).toThrow(/data key 3 does not unwrap/);
    fs.writeFileSync(
      file,
      JSON.stringify({ ...parsed, lookup: { ...parsed.lookup, wrapped: { 2: parsed.data.wrapped['2'] } } }),
    );
    expect(() => readKeyringState(masterKey, file)).toThrow(/lookup key 2 does not unwrap/);
    fs.writeFileSync(file, good.slice(0, 40));
    expect(() => readKeyringState(masterKey, file)).toThrow(/is not a keyring file/);
    fs.writeFileSync(file, good);
    expect(readKeyringState(masterKey, file).data.current).toBe(2);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('finds a receipt under the previous lookup key after a lookup key rotation', async () => {
    const masterKey = randomBytes(32);
    const before = createReceiptHasher(staticKeyring(masterKey));
    const receipt = before.generate();
    const oldHash = await before.hash(receipt);
    expect(lookupKeyIdOf(oldHash)).toBe(1);
    const after = createReceiptHasher(staticKeyring(masterKey, introduceKey(emptyKeyringState(), 'lookup').state));
    const [current, previous] = await after.candidates(receipt);
    expect(lookupKeyIdOf(current ?? '')).toBe(2);
    expect(previous).toBe(oldHash);
  });
});
