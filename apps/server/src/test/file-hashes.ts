import { createHash } from 'node:crypto';
import type { TestServer } from './test-server.ts';

/** SHA-256 of every file's content, opened, by path: what a backup and its restore must both hold. */
export async function fileHashes(server: TestServer) {
  const hashes: Record<string, string> = {};
  for (const fullPath of await server.services.storage.list('')) {
    const { data } = await server.services.storage.get(fullPath);
    hashes[fullPath] = createHash('sha256').update(data).digest('hex');
  }
  return hashes;
}
