import { createHash } from 'node:crypto';
import type { Encryption } from '../../crypto/encryption.ts';

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
 *
 * This file defines the format and writes it; services/backup/backup-reader.ts reads it back, checking it.
 */
export const MAGIC = Buffer.from('CSBACKUP2\n');
/** The single sealed block of decision 0013, which restore still reads (services/backup/backup-legacy.ts). */
export const LEGACY_MAGIC = Buffer.from('CSBACKUP1\n');
export const FORMAT = 2;
/** Rows and file bytes per frame, unless a test asks for smaller ones. */
export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
/** No frame of a sound archive comes near this: a larger length is damage, refused before it is read. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
export const FRAME_HEAD_BYTES = 4 + 32;
export const PLAIN_HEAD_BYTES = 4 + 1;
/** Version byte, IV and tag of a sealed value: the smallest frame a sound archive holds. */
export const SEALED_OVERHEAD_BYTES = 1 + 12 + 16;
/** The same with the key id that values sealed since decision 0023 carry. */
const KEYED_SEALED_OVERHEAD_BYTES = SEALED_OVERHEAD_BYTES + 2;
/** What a frame adds around its body: the writer's frames are at most chunk size plus this. */
export const FRAME_OVERHEAD_BYTES = FRAME_HEAD_BYTES + KEYED_SEALED_OVERHEAD_BYTES + PLAIN_HEAD_BYTES;

export const Kind = { header: 1, table: 2, rows: 3, file: 4, chunk: 5, trailer: 6 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

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

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
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
