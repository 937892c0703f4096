import { createHmac } from 'node:crypto';
import type { Encryption } from './encryption.ts';

/**
 * The keys of the blind index (decision 0055): HKDF of each data key still held, with a label of
 * their own, so that the index's key is never the sealing key and follows the data key through a
 * rotation (decision 0023). The current one first: new words are hashed under it; a search hashes
 * its words under each, so that it finds reports still indexed under the key being retired.
 */
export const SEARCH_KEY_PURPOSE = 'search-index';

export type SearchKey = { id: number; key: Buffer };

export const searchKeys = (encryption: Pick<Encryption, 'deriveFromDataKeys'>): SearchKey[] =>
  encryption.deriveFromDataKeys(SEARCH_KEY_PURPOSE);

/**
 * One word's entry: the first 8 bytes of HMAC-SHA-256 of its normal form, versioned (a change of
 * the normal form comes with a new version and a rebuilt index). 64 bits: among a million distinct
 * words, the chance that a search word collides with another is about one in ten thousand billion.
 */
export const tokenHash = (key: Buffer, token: string): bigint =>
  createHmac('sha256', key).update(`v1\n${token}`, 'utf8').digest().readBigInt64BE(0);
