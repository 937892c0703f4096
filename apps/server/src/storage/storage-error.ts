/** The spec's storage error codes (section 8). */
export const STORAGE_ERROR_CODES = [
  'unknown',
  'object-not-found',
  'bucket-not-found',
  'project-not-found',
  'quota-exceeded',
  'unauthenticated',
  'unauthorized',
  'unauthorized-app',
  'retry-limit-exceeded',
  'invalid-checksum',
  'canceled',
  'invalid-event-name',
  'invalid-url',
  'invalid-default-bucket',
  'no-default-bucket',
  'cannot-slice-blob',
  'server-file-wrong-size',
  'no-download-url',
  'invalid-argument',
  'invalid-argument-count',
  'app-deleted',
  'invalid-root-operation',
  'invalid-format',
  'internal-error',
  'unsupported-environment',
] as const;
export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
    this.code = code;
  }
}
