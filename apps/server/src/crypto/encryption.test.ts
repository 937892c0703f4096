import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createEncryption, loadMasterKey } from './encryption.ts';

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
});
