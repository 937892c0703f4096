import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Encryption } from '../../crypto/encryption.ts';
import { KeyringError } from '../../crypto/keyring.ts';
import {
  type ArchiveContents,
  type ArchivedFile,
  type ArchiveHeader,
  type ArchiveRecord,
  type ArchiveTrailer,
  BackupError,
  DEFAULT_CHUNK_BYTES,
  FORMAT,
  FRAME_HEAD_BYTES,
  FRAME_OVERHEAD_BYTES,
  Kind,
  LEGACY_MAGIC,
  MAGIC,
  MAX_FRAME_BYTES,
  PLAIN_HEAD_BYTES,
  SEALED_OVERHEAD_BYTES,
  sha256,
} from './backup-format.ts';

/**
 * Reading an archive of services/backup/backup-format.ts back: every frame checked (checksum, seal,
 * sequence), the records in their order, each file's SHA-256 and the trailer, one frame at a time.
 */

/**
 * Up to `length` bytes at `position`: fewer only at the end of the file. Into `into` when it is
 * large enough (the reader reuses one buffer for every frame), else into a new buffer.
 */
async function readAt(source: FileHandle, position: number, length: number, into?: Buffer): Promise<Buffer> {
  const buffer = into && into.length >= length ? into : Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await source.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

const KEY_MESSAGE =
  "The backup cannot be opened with this site's encryption key (ENCRYPTION_KEY or DATA_DIR/encryption.key).";

/** The format of the archive in `source`, from its first line; refuses anything else. */
export async function archiveFormat(source: FileHandle): Promise<1 | 2> {
  const magic = await readAt(source, 0, MAGIC.length);
  if (magic.equals(MAGIC)) return 2;
  if (magic.equals(LEGACY_MAGIC)) return 1;
  if (/^CSBACKUP\d+\n$/.test(magic.toString('latin1'))) {
    throw new BackupError('The backup was made by a newer version of the site: update this one first.');
  }
  throw new BackupError('This is not a backup of this site (it does not begin as one).');
}

const incomplete = (position: number) =>
  new BackupError(
    `The backup is incomplete: it ends at byte ${position}, before its closing record. Was it copied in full?`,
  );
const damaged = (position: number, what = 'does not match its checksum') =>
  new BackupError(`The backup is damaged or was altered: the record at byte ${position} ${what}.`);

function parseRecord<T>(body: Buffer, position: number): T {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw damaged(position, 'is not readable');
  }
}

/** One frame at `at`, checked against its checksum and opened with the key, `sequence`-th in the archive. */
async function readFrame(source: FileHandle, at: number, buffer: Buffer, encryption: Encryption, sequence: number) {
  const head = await readAt(source, at, FRAME_HEAD_BYTES);
  if (head.length < FRAME_HEAD_BYTES) throw incomplete(at + head.length);
  const length = head.readUInt32BE(0);
  if (length > MAX_FRAME_BYTES || length < SEALED_OVERHEAD_BYTES + PLAIN_HEAD_BYTES) {
    throw damaged(at, 'has an impossible length');
  }
  const frameBuffer = length > buffer.length ? Buffer.allocUnsafe(length) : buffer;
  // Only read in this turn: what is yielded comes from the opened copy, never from this buffer.
  const sealed = await readAt(source, at + FRAME_HEAD_BYTES, length, frameBuffer);
  if (sealed.length < length) throw incomplete(at + FRAME_HEAD_BYTES + sealed.length);
  if (!sha256(sealed).equals(head.subarray(4))) throw damaged(at);
  const plain = openFrame(sealed, at, encryption, sequence);
  if (plain.length < PLAIN_HEAD_BYTES || plain.readUInt32BE(0) !== sequence) throw damaged(at, 'is out of order');
  return {
    head,
    sealed,
    kind: plain[4],
    body: plain.subarray(PLAIN_HEAD_BYTES),
    next: at + FRAME_HEAD_BYTES + length,
    buffer: frameBuffer,
  };
}

function openFrame(sealed: Buffer, at: number, encryption: Encryption, sequence: number): Buffer {
  try {
    return encryption.open(sealed);
  } catch (error) {
    // Sealed with a data key a rotation has retired since (decision 0023): say which.
    if (error instanceof KeyringError) {
      throw new BackupError(
        `${error.message} Restore this archive with a copy of the keyring file (DATA_DIR/keyring.json) saved when it was made.`,
      );
    }
    // A first record that matches its checksum but does not open was sealed with another key.
    if (sequence === 0) throw new BackupError(KEY_MESSAGE);
    throw damaged(at, "does not open with this site's key");
  }
}

/** The trailer holds the counts and the hash of everything before it. */
function trailerMatches(trailer: ArchiveTrailer, hash: string, frames: number, contents: ArchiveContents) {
  return (
    trailer.sha256 === hash &&
    trailer.frames === frames &&
    trailer.files === contents.files &&
    trailer.fileBytes === contents.fileBytes &&
    JSON.stringify(trailer.tables) === JSON.stringify(contents.tables)
  );
}

/**
 * The records of a streaming archive, each checked before it is yielded: its checksum, that it
 * opens with the key, its place in the sequence and in the order of records, each file's size and
 * SHA-256, each table's row count, and finally the trailer's counts and hash, with nothing after
 * it. Throws BackupError at the first fault, so a caller that consumes every record has read a
 * whole, untouched archive. Holds one frame at a time. `progress.bytes` follows the position.
 */
export async function* readArchive(
  source: FileHandle,
  encryption: Encryption,
  progress?: { bytes: number },
): AsyncGenerator<ArchiveRecord, void, undefined> {
  if ((await archiveFormat(source)) !== 2) throw new BackupError('This backup is in the older format.');
  const hash = createHash('sha256').update(MAGIC);
  const contents: ArchiveContents = { tables: {}, files: 0, fileBytes: 0 };
  let position = MAGIC.length;
  let sequence = 0;
  let table: { name: string; declared: number; seen: number } | undefined;
  let file: { file: ArchivedFile; received: number; hash: ReturnType<typeof createHash> } | undefined;
  let filesBegan = false;
  let frameBuffer: Buffer = Buffer.allocUnsafe(DEFAULT_CHUNK_BYTES + FRAME_OVERHEAD_BYTES + 4);

  const endTable = (at: number) => {
    if (table && table.seen !== table.declared) throw damaged(at, `ends the rows of ${table.name} too early`);
    table = undefined;
  };

  for (;;) {
    const at = position;
    const frame = await readFrame(source, at, frameBuffer, encryption, sequence);
    frameBuffer = frame.buffer;
    const { head, sealed, kind, body } = frame;
    position = frame.next;
    if (progress) progress.bytes = position;
    const outOfOrder = () => damaged(at, 'is out of order');

    if (sequence === 0 && kind !== Kind.header) throw outOfOrder();
    sequence += 1;
    if (kind === Kind.trailer) {
      if (file) throw damaged(at, `ends the file ${file.file.fullPath} too early`);
      endTable(at);
      const trailer = parseRecord<ArchiveTrailer>(body, at);
      if (!trailerMatches(trailer, hash.digest('hex'), sequence - 1, contents)) {
        throw damaged(at, 'does not match the records before it (some were removed or replaced)');
      }
      if ((await readAt(source, position, 1)).length > 0) throw damaged(position, 'follows the closing record');
      yield { kind: 'trailer', trailer };
      return;
    }
    hash.update(head);
    hash.update(sealed);

    switch (kind) {
      case Kind.header: {
        if (sequence !== 1) throw outOfOrder();
        const header = parseRecord<ArchiveHeader>(body, at);
        if (header.format !== FORMAT) throw new BackupError('The backup was made by a newer version of the site.');
        yield { kind: 'header', header };
        break;
      }
      case Kind.table: {
        if (filesBegan) throw outOfOrder();
        endTable(at);
        const { name, rows } = parseRecord<{ name: string; rows: number }>(body, at);
        if (typeof name !== 'string' || name in contents.tables) throw outOfOrder();
        table = { name, declared: rows, seen: 0 };
        contents.tables[name] = 0;
        yield { kind: 'table', name, rows };
        break;
      }
      case Kind.rows: {
        if (!table || body.length < 4) throw outOfOrder();
        const count = body.readUInt32BE(0);
        table.seen += count;
        if (table.seen > table.declared) throw damaged(at, `holds more rows of ${table.name} than announced`);
        contents.tables[table.name] = table.seen;
        yield { kind: 'rows', table: table.name, count, json: body.subarray(4).toString('utf8') };
        break;
      }
      case Kind.file: {
        if (file) throw damaged(at, `ends the file ${file.file.fullPath} too early`);
        endTable(at);
        filesBegan = true;
        const archived = parseRecord<ArchivedFile>(body, at);
        file = { file: archived, received: 0, hash: createHash('sha256') };
        yield { kind: 'file', file: archived };
        break;
      }
      case Kind.chunk: {
        if (!file) throw outOfOrder();
        file.received += body.length;
        file.hash.update(body);
        if (file.received > file.file.size) throw damaged(at, `holds more of ${file.file.fullPath} than announced`);
        const last = file.received === file.file.size;
        if (last && file.hash.digest('hex') !== file.file.sha256) {
          throw damaged(at, `ends a file whose bytes do not match its SHA-256 (${file.file.fullPath})`);
        }
        const current = file.file;
        if (last) {
          contents.files += 1;
          contents.fileBytes += current.size;
          file = undefined;
        }
        yield { kind: 'file-chunk', file: current, data: body, last };
        break;
      }
      default:
        throw damaged(at, 'is of an unknown kind');
    }
  }
}

/** The header alone (the first frame): cheap, and enough to tell a wrong key or another site. */
export async function readArchiveHeader(source: FileHandle, encryption: Encryption): Promise<ArchiveHeader> {
  const records = readArchive(source, encryption);
  try {
    const first = await records.next();
    if (first.done || first.value.kind !== 'header') throw new BackupError('The backup has no header.');
    return first.value.header;
  } finally {
    await records.return(undefined);
  }
}
