// Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible
// file of the built browser assets, once at build time, so that the server sends them without
// compressing anything per request (apps/server/src/http/static-assets.ts). A copy that would not
// save at least a tenth of the bytes is not written: the file is then sent as it is.
//
//   node scripts/precompress-assets.ts apps/web/build/client
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** Text formats; fonts (woff2) and images are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest|map)$/;

const root = path.resolve(process.argv[2] ?? 'apps/web/build/client');
if (!fs.existsSync(root)) {
  console.error(`precompress-assets: ${root} does not exist; build the web app first.`);
  process.exit(1);
}

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  files++;
  before += bytes.length;
  afterBrotli += Math.min(bytes.length, brotli.length);
  if (brotli.length < bytes.length * 0.9) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length * 0.9) fs.writeFileSync(`${file}.gz`, gzip);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${files} files: ${kb(before)} → ${kb(afterBrotli)} with Brotli.`);
