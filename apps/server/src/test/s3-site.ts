import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Storage, type S3Settings } from '../storage/s3-storage.ts';

export type LocalS3 = {
  settings: S3Settings;
  /** The settings of a site that keeps its files in this bucket (STORAGE_DRIVER=s3). */
  env: Record<string, string>;
  /** An object's bytes as they lie in the bucket (sealed), read past the site's storage layer. */
  readRaw(key: string): Promise<Buffer>;
  /** The same, with the object's user metadata (to put it back changed). */
  readRawObject(key: string): Promise<{ data: Buffer; metadata: Record<string, string> }>;
  close(): Promise<void>;
};

/** A local S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, as CI has no cloud account. */
export async function startLocalS3(bucket = 'attachments'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const { client } = createS3Storage(settings);
  const readRawObject = async (key: string) => {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { data: Buffer.from((await answer.Body?.transformToByteArray()) ?? []), metadata: answer.Metadata ?? {} };
  };
  return {
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    readRaw: async (key) => (await readRawObject(key)).data,
    readRawObject,
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
