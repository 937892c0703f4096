import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafePath } from './local-disk-storage.ts';
import {
  checkedObject,
  newObjectMetadata,
  type ObjectMetadata,
  type PutOptions,
  type StorageDriver,
} from './storage-driver.ts';
import { StorageError, type StorageErrorCode } from './storage-error.ts';

/**
 * How transient failures are retried (spec: 5xx, 408 and 429; delays doubling up to 64 s, plus
 * jitter; at most 2 minutes per operation and 10 minutes per upload). The clock and the pause are
 * parameters so that tests can inject failures without waiting.
 */
export type RetryPolicy = {
  firstDelayMs: number;
  maxDelayMs: number;
  operationBudgetMs: number;
  uploadBudgetMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
  random(): number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 64_000,
  operationBudgetMs: 2 * 60_000,
  uploadBudgetMs: 10 * 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  random: Math.random,
};

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most local servers need. */
  forcePathStyle: boolean;
};

type S3Failure = { name?: string; Code?: string; code?: string; $metadata?: { httpStatusCode?: number } };

/** A failure as the spec's code, and whether trying again may help. */
export function classifyS3Error(error: unknown): { code: StorageErrorCode; transient: boolean } {
  const failure = (error ?? {}) as S3Failure;
  const name = failure.name ?? failure.Code ?? '';
  const status = failure.$metadata?.httpStatusCode;
  if (name === 'AbortError') return { code: 'canceled', transient: false };
  if (name === 'NoSuchBucket') return { code: 'bucket-not-found', transient: false };
  if (name === 'NoSuchKey' || name === 'NotFound' || status === 404)
    return { code: 'object-not-found', transient: false };
  if (name === 'BadDigest' || name === 'InvalidDigest') return { code: 'invalid-checksum', transient: false };
  if (status === 401 || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return { code: 'unauthenticated', transient: false };
  }
  if (status === 402 || name === 'QuotaExceeded') return { code: 'quota-exceeded', transient: false };
  if (status === 403) return { code: 'unauthorized', transient: false };
  if (status !== undefined && (status >= 500 || status === 408 || status === 429))
    return { code: 'unknown', transient: true };
  // No answer at all (connection refused or reset, a timeout): the network, worth another try.
  if (
    status === undefined &&
    /ECONN|ETIMEDOUT|EPIPE|socket|Timeout|NetworkingError/i.test(
      `${name} ${failure.code ?? ''} ${String((error as Error)?.message)}`,
    )
  ) {
    return { code: 'unknown', transient: true };
  }
  return { code: 'unknown', transient: false };
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Scaleway, OVH…), so that several instances share
 * them. Each object carries the spec's metadata in its user metadata; every read checks the MD5.
 * The site seals the files before they get here (`sealed-storage.ts`): the bucket holds ciphertext.
 */
export function createS3Storage(
  settings: S3Settings,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  client: S3Client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Retries are ours, with the spec's policy.
    maxAttempts: 1,
  }),
): StorageDriver & { client: S3Client } {
  const { bucket } = settings;

  async function withRetries<T>(budgetMs: number, operation: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const deadline = policy.now() + budgetMs;
    const canceled = (cause?: unknown) => new StorageError('canceled', 'The storage operation was given up', { cause });
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw canceled();
      try {
        return await operation();
      } catch (error) {
        if (error instanceof StorageError) throw error;
        if (signal?.aborted) throw canceled(error);
        const { code, transient } = classifyS3Error(error);
        if (!transient) throw new StorageError(code, `Storage ${code}`, { cause: error });
        const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** attempt) + policy.random() * 1_000;
        if (policy.now() + delay > deadline) {
          throw new StorageError('retry-limit-exceeded', `Storage gave up after ${attempt + 1} attempts`, {
            cause: error,
          });
        }
        if (!signal) await policy.sleep(delay);
        else {
          // The pause ends early when the caller gives up.
          let onAbort = () => {};
          await Promise.race([
            policy.sleep(delay),
            new Promise<void>((resolve) => {
              onAbort = () => resolve();
              signal.addEventListener('abort', onAbort, { once: true });
            }),
          ]);
          signal.removeEventListener('abort', onAbort);
        }
      }
    }
  }

  return {
    bucket,
    client,
    async put(fullPath, data, options: PutOptions) {
      assertSafePath(fullPath);
      const metadata = newObjectMetadata(bucket, fullPath, data, options);
      await withRetries(
        policy.uploadBudgetMs,
        () =>
          client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: fullPath,
              Body: data,
              ContentType: 'application/octet-stream',
              // The bucket checks the bytes it received against this digest.
              ContentMD5: metadata.md5Hash,
              Metadata: { 'cs-meta': Buffer.from(JSON.stringify(metadata)).toString('base64') },
            }),
            { abortSignal: options.signal },
          ),
        options.signal,
      );
      return metadata;
    },

    async get(fullPath) {
      assertSafePath(fullPath);
      return withRetries(policy.operationBudgetMs, async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: fullPath }));
        const data = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        const stored = answer.Metadata?.['cs-meta'];
        if (!stored) throw new StorageError('invalid-format', `The object ${fullPath} has no metadata of ours`);
        const metadata = JSON.parse(Buffer.from(stored, 'base64').toString('utf8')) as ObjectMetadata;
        return checkedObject(fullPath, data, metadata);
      });
    },

    async delete(fullPath) {
      assertSafePath(fullPath);
      await withRetries(policy.operationBudgetMs, () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullPath })),
      );
    },

    async list(prefix) {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await withRetries(policy.operationBudgetMs, () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })),
        );
        for (const item of page.Contents ?? []) if (item.Key) found.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort();
    },
  };
}
