import { randomInt, type ScryptOptions, scrypt } from 'node:crypto';
import { RECEIPT_DIGITS } from '@app/core/forms/follow-up';
import type { Keyring } from './keyring.ts';

/**
 * Receipts are stored as scrypt hashes, like passwords (N=2^16, r=8, p=1: about 64 MiB and a
 * tenth of a second each). The salt is a key derived from the master key rather than a random
 * value per receipt: the hash must be found again from the receipt alone (one indexed lookup,
 * the same work for a right and a wrong receipt), and without the master key a stolen database
 * does not even allow guessing. With it, 10^16 receipts at a tenth of a second each is out of
 * reach. See docs/decisions/0011-follow-up-receipts.md.
 *
 * The salt is the keyring's lookup key, rotated apart from the data key (decision 0023): a hash
 * under key 1 (the original) is bare, a hash under a later key starts with "k<id>:", so that a
 * rotation can count what is left under each key.
 */
const SCRYPT = { N: 2 ** 16, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Hashes at once at most; more wait their turn, so that a flood cannot exhaust the memory. */
const CONCURRENT_HASHES = 2;

export type ReceiptHasher = {
  /** A new receipt: 16 random digits, uniformly drawn. */
  generate(): string;
  /** The hash under the current lookup key, for a new receipt. */
  hash(receipt: string): Promise<string>;
  /**
   * The hashes under every lookup key still held, the current one first: a receipt issued before a
   * rotation is found under its old key and then hashed again under the current one.
   */
  candidates(receipt: string): Promise<string[]>;
};

/** The lookup key id of a stored receipt hash. */
export const lookupKeyIdOf = (hash: string) => {
  const match = /^k(\d+):/.exec(hash);
  return match ? Number(match[1]) : 1;
};

export function createReceiptHasher(keyring: Keyring): ReceiptHasher {
  const options: ScryptOptions = { ...SCRYPT, maxmem: 256 * SCRYPT.N * SCRYPT.r + 1024 * 1024 };
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
  };
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  const hashUnder = async ({ id, key: pepper }: { id: number; key: Buffer }, receipt: string) => {
    await acquire();
    try {
      const key = await new Promise<Buffer>((resolve, reject) =>
        scrypt(receipt, pepper, KEY_LENGTH, options, (error, derived) => (error ? reject(error) : resolve(derived))),
      );
      return `${id === 1 ? '' : `k${id}:`}${key.toString('base64url')}`;
    } finally {
      release();
    }
  };

  return {
    generate() {
      let digits = '';
      while (digits.length < RECEIPT_DIGITS) digits += String(randomInt(0, 10));
      return digits;
    },
    hash: (receipt) => hashUnder(keyring.current('lookup'), receipt),
    candidates: (receipt) => Promise.all(keyring.live('lookup').map((key) => hashUnder(key, receipt))),
  };
}
