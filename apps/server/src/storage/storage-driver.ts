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

export type PutOptions = { contentType: string; customMetadata?: Record<string, string> };

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
