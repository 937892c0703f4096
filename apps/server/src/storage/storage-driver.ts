import { createHash } from 'node:crypto';
import { StorageError } from './storage-error.ts';

/** The metadata of a stored object: the fields the spec lists (section 3, "Stored files"). */
export type ObjectMetadata = {
  bucket: string;
  generation: string;
  metageneration: number;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  /** Base64 MD5 of the stored bytes, checked on every read. */
  md5Hash: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentType: string;
  customMetadata: Record<string, string>;
};

export type PutOptions = {
  contentType: string;
  customMetadata?: Record<string, string>;
  /**
   * Gives up when aborted, with StorageError 'canceled' (the reporter's bounded wait, decision
   * 0025). The object may or may not have been stored then: a later put of the same bytes is
   * harmless.
   */
  signal?: AbortSignal;
};

/**
 * Where files live: the local disk by default, an S3-compatible bucket for several instances.
 * Drivers throw StorageError with the spec's codes.
 */
export interface StorageDriver {
  readonly bucket: string;
  put(fullPath: string, data: Buffer, options: PutOptions): Promise<ObjectMetadata>;
  get(fullPath: string): Promise<{ data: Buffer; metadata: ObjectMetadata }>;
  delete(fullPath: string): Promise<void>;
  /** Every stored path under a prefix (for the sweeper of orphaned files). */
  list(prefix: string): Promise<string[]>;
}

/** Base64 MD5, as the spec's `md5Hash` and S3's Content-MD5 write it. */
export const md5Base64 = (data: Buffer) => createHash('md5').update(data).digest('base64');

/**
 * An object read back, its bytes checked against the MD5 stored with them (on every read, in every
 * driver): `invalid-checksum` when they differ. `kind` says which bytes, in the message.
 */
export function checkedObject(
  fullPath: string,
  data: Buffer,
  metadata: ObjectMetadata,
  kind: 'stored' | 'spooled' = 'stored',
): { data: Buffer; metadata: ObjectMetadata } {
  if (md5Base64(data) !== metadata.md5Hash) {
    throw new StorageError('invalid-checksum', `The ${kind} bytes of ${fullPath} do not match their MD5`);
  }
  return { data, metadata };
}

/** The metadata of a new object, the same for every driver. */
export function newObjectMetadata(
  bucket: string,
  fullPath: string,
  data: Buffer,
  { contentType, customMetadata = {} }: PutOptions,
): ObjectMetadata {
  const now = new Date().toISOString();
  return {
    bucket,
    generation: String(Date.now() * 1000 + Math.floor(Math.random() * 1000)),
    metageneration: 1,
    fullPath,
    name: fullPath.split('/').pop() ?? fullPath,
    size: data.length,
    timeCreated: now,
    updated: now,
    md5Hash: md5Base64(data),
    contentType,
    customMetadata,
  };
}
