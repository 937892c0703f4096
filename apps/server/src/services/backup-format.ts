import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Encryption } from '../crypto/encryption.ts';
import { KeyringError } from '../crypto/keyring.ts';

/**
 * The streaming archive (decision 0019): a magic line, then a sequence of frames.
 *
 *   archive  = "CSBACKUP2\n" frame*
 *   frame    = length (uint32, big-endian) | SHA-256 of sealed (32 bytes) | sealed
 *   sealed   = AES-256-GCM of plain under the site's key (crypto/encryption.ts)
 *   plain    = sequence number (uint32) | kind (uint8) | body
 *
 * The records, in this order: one header; per table a table record, then its rows in chunks; per
 * file a file record, then its stored (still sealed) bytes in chunks; one trailer, last. The trailer
 * holds the counts and the SHA-256 of every byte before it, so a truncated, reordered or spliced
 * archive is refused even though each frame opens on its own. Every frame is at most one chunk of
 * data: writing and reading hold one frame at a time, whatever the archive's size.
 */
export const MAGIC = Buffer.from('CSBACKUP2\n');
/** The single sealed block of decision 0013, which restore still reads (services/backup-legacy.ts). */
export const LEGACY_MAGIC = Buffer.from('CSBACKUP1\n');
export const FORMAT = 2;
/** Rows and file bytes per frame, unless a test asks for smaller ones. */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
/** No frame of a sound archive comes near this: a larger length is damage, refused before it is read. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
const FRAME_HEAD_BYTES = 4 + 32;
const PLAIN_HEAD_BYTES = 4 + 1;
/** Version byte, IV and tag of a sealed value: the smallest frame a sound archive holds. */
const SEALED_OVERHEAD_BYTES = 1 + 12 + 16;
/** The same with the key id that values sealed since decision 0023 carry. */
const KEYED_SEALED_OVERHEAD_BYTES = SEALED_OVERHEAD_BYTES + 2;
/** What a frame adds around its body: the writer's frames are at most chunk size plus this. */
export const FRAME_OVERHEAD_BYTES = FRAME_HEAD_BYTES + KEYED_SEALED_OVERHEAD_BYTES + PLAIN_HEAD_BYTES;

const Kind = { header: 1, table: 2, rows: 3, file: 4, chunk: 5, trailer: 6 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** A backup that cannot be used, with a sentence the operator can act on. */
export class BackupError extends Error {}

export type ArchiveHeader = {
  format: number;
  createdAt: string;
  /** Migrations applied to the database it was made from: a restore needs at least as many. */
  migrations: number;
  /** The site's public address, so that `--keep` prunes this site's archives only. */
  site: string;
};

export type ArchivedFile = {
  fullPath: string;
  contentType: string;
  customMetadata: Record<string, string>;
  /** Size and SHA-256 of the stored bytes, which are still sealed with the site's key. */
  size: number;
  sha256: string;
};

export type ArchiveContents = {
  /** Rows per table, in the order they were written (parents before children). */
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
};

export type ArchiveTrailer = ArchiveContents & {
  /** Frames before the trailer. */
  frames: number;
  /** SHA-256 of every byte of the archive before the trailer's frame. */
  sha256: string;
};

export type ArchiveRecord =
  | { kind: 'header'; header: ArchiveHeader }
  | { kind: 'table'; name: string; rows: number }
  | { kind: 'rows'; table: string; count: number; json: string }
  | { kind: 'file'; file: ArchivedFile }
  | { kind: 'file-chunk'; file: ArchivedFile; data: Buffer; last: boolean }
  | { kind: 'trailer'; trailer: ArchiveTrailer };

/**
 * Where the writer puts the archive: a frame's head, then its sealed bytes, each call awaited
 * before the next is made, so the writer never runs ahead of the disk.
 */
export type ArchiveSink = (bytes: Buffer) => Promise<void>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** Writes the records of one archive in order, sealing and framing each. */
export class ArchiveWriter {
  readonly #sink: ArchiveSink;
  readonly #encryption: Encryption;
  readonly #hash = createHash('sha256');
  #sequence = 0;
  #bytes = 0;
  #largestFrame = 0;
  readonly #contents: ArchiveContents = { tables: {}, files: 0, fileBytes: 0 };

  constructor(sink: ArchiveSink, encryption: Encryption) {
    this.#sink = sink;
    this.#encryption = encryption;
  }

  /** Bytes handed to the sink so far. */
  get bytes() {
    return this.#bytes;
  }

  async begin(header: Omit<ArchiveHeader, 'format'>) {
    this.#hash.update(MAGIC);
    await this.#emit(MAGIC);
    await this.#frame(Kind.header, json({ format: FORMAT, ...header }));
  }

  async table(name: string, rows: number) {
    this.#contents.tables[name] = 0;
    await this.#frame(Kind.table, json({ name, rows }));
  }

  /**
   * Rows of the current table: `json` is the UTF-8 of a JSON array of `count` objects (row_to_json).
   * The bytes are copied before this returns, so the caller may reuse its buffer.
   */
  async rows(table: string, count: number, json: Buffer) {
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(count, 0);
    this.#contents.tables[table] = (this.#contents.tables[table] ?? 0) + count;
    await this.#frame(Kind.rows, head, json);
  }

  /** One stored file, as stored: its record, then its bytes in chunks (at least one, even when empty). */
  async file(file: Omit<ArchivedFile, 'size' | 'sha256'>, data: Buffer, chunkBytes: number) {
    await this.#frame(Kind.file, json({ ...file, size: data.length, sha256: sha256(data).toString('hex') }));
    let offset = 0;
    do {
      await this.#frame(Kind.chunk, data.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
    } while (offset < data.length);
    this.#contents.files += 1;
    this.#contents.fileBytes += data.length;
  }

  /** The trailer; nothing may follow it. */
  async end(): Promise<ArchiveTrailer & { bytes: number; largestFrame: number }> {
    const trailer: ArchiveTrailer = { ...this.#contents, frames: this.#sequence, sha256: this.#hash.digest('hex') };
    await this.#frame(Kind.trailer, json(trailer));
    return { ...trailer, bytes: this.#bytes, largestFrame: this.#largestFrame };
  }

  async #frame(kind: Kind, ...body: Buffer[]) {
    const plain = Buffer.allocUnsafe(PLAIN_HEAD_BYTES + body.reduce((sum, part) => sum + part.length, 0));
    plain.writeUInt32BE(this.#sequence, 0);
    plain[4] = kind;
    let offset = PLAIN_HEAD_BYTES;
    for (const part of body) offset += part.copy(plain, offset);
    const sealed = this.#encryption.seal(plain);
    if (sealed.length > MAX_FRAME_BYTES) throw new Error(`A backup record of ${sealed.length} bytes is too large`);
    // The head and the sealed bytes go out as two writes: no copy of the chunk to join them.
    const head = Buffer.allocUnsafe(FRAME_HEAD_BYTES);
    head.writeUInt32BE(sealed.length, 0);
    sha256(sealed).copy(head, 4);
    if (kind !== Kind.trailer) this.#hash.update(head).update(sealed);
    this.#sequence += 1;
    this.#largestFrame = Math.max(this.#largestFrame, FRAME_HEAD_BYTES + sealed.length);
    await this.#emit(head);
    await this.#emit(sealed);
  }

  async #emit(bytes: Buffer) {
    this.#bytes += bytes.length;
    await this.#sink(bytes);
  }
}

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
  let frameBuffer = Buffer.allocUnsafe(DEFAULT_CHUNK_BYTES + FRAME_OVERHEAD_BYTES + 4);

  const endTable = (at: number) => {
    if (table && table.seen !== table.declared) throw damaged(at, `ends the rows of ${table.name} too early`);
    table = undefined;
  };

  for (;;) {
    const at = position;
    const head = await readAt(source, at, FRAME_HEAD_BYTES);
    if (head.length < FRAME_HEAD_BYTES) throw incomplete(at + head.length);
    const length = head.readUInt32BE(0);
    if (length > MAX_FRAME_BYTES || length < SEALED_OVERHEAD_BYTES + PLAIN_HEAD_BYTES) {
      throw damaged(at, 'has an impossible length');
    }
    if (length > frameBuffer.length) frameBuffer = Buffer.allocUnsafe(length);
    // Only read in this turn: what is yielded comes from the opened copy, never from this buffer.
    const sealed = await readAt(source, at + FRAME_HEAD_BYTES, length, frameBuffer);
    if (sealed.length < length) throw incomplete(at + FRAME_HEAD_BYTES + sealed.length);
    if (!sha256(sealed).equals(head.subarray(4))) throw damaged(at);
    let plain: Buffer;
    try {
      plain = encryption.open(sealed);
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
    if (plain.length < PLAIN_HEAD_BYTES || plain.readUInt32BE(0) !== sequence) throw damaged(at, 'is out of order');
    const kind = plain[4];
    const body = plain.subarray(PLAIN_HEAD_BYTES);
    position = at + FRAME_HEAD_BYTES + length;
    if (progress) progress.bytes = position;
    const outOfOrder = () => damaged(at, 'is out of order');

    if (sequence === 0 && kind !== Kind.header) throw outOfOrder();
    sequence += 1;
    if (kind === Kind.trailer) {
      if (file) throw damaged(at, `ends the file ${file.file.fullPath} too early`);
      endTable(at);
      const trailer = parseRecord<ArchiveTrailer>(body, at);
      const matches =
        trailer.sha256 === hash.digest('hex') &&
        trailer.frames === sequence - 1 &&
        trailer.files === contents.files &&
        trailer.fileBytes === contents.fileBytes &&
        JSON.stringify(trailer.tables) === JSON.stringify(contents.tables);
      if (!matches) throw damaged(at, 'does not match the records before it (some were removed or replaced)');
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
