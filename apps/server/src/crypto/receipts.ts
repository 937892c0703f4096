import { randomInt, type ScryptOptions, scrypt } from 'node:crypto';
import { RECEIPT_DIGITS } from '@app/core/follow-up';

/**
 * Receipts are stored as scrypt hashes, like passwords (N=2^16, r=8, p=1: about 64 MiB and a
 * tenth of a second each). The salt is a key derived from the master key rather than a random
 * value per receipt: the hash must be found again from the receipt alone (one indexed lookup,
 * the same work for a right and a wrong receipt), and without the master key a stolen database
 * does not even allow guessing. With it, 10^16 receipts at a tenth of a second each is out of
 * reach. See docs/decisions/0011-follow-up-receipts.md.
 */
const SCRYPT = { N: 2 ** 16, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Hashes at once at most; more wait their turn, so that a flood cannot exhaust the memory. */
const CONCURRENT_HASHES = 2;

export type ReceiptHasher = {
  /** A new receipt: 16 random digits, uniformly drawn. */
  generate(): string;
  hash(receipt: string): Promise<string>;
};

export function createReceiptHasher(pepper: Buffer): ReceiptHasher {
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

  return {
    generate() {
      let digits = '';
      while (digits.length < RECEIPT_DIGITS) digits += String(randomInt(0, 10));
      return digits;
    },
    async hash(receipt) {
      await acquire();
      try {
        const key = await new Promise<Buffer>((resolve, reject) =>
          scrypt(receipt, pepper, KEY_LENGTH, options, (error, derived) => (error ? reject(error) : resolve(derived))),
        );
        return key.toString('base64url');
      } finally {
        release();
      }
    },
  };
}
