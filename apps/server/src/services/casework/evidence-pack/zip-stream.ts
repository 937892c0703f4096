import { crc32 } from 'node:zlib';

/**
 * A zip archive written as it goes, entry by entry, without compression ("stored"): the evidence
 * pack's files are photos and PDFs, which do not compress, and a stored file is byte for byte the
 * file the recipient hashes. Each entry's bytes are asked for only when the archive reaches it and
 * let go once written, so memory holds one file at a time whatever the pack's size.
 *
 * The format is the classic one (APPNOTE 6.3): local header with CRC-32 and sizes known up front
 * (no data descriptor), central directory, end record. Names are UTF-8 (flag bit 11). Without
 * ZIP64 an archive stops at 4 GiB: the caller keeps packs well under it (`PACK_MAX_BYTES`).
 */
export type ZipEntry = {
  /** The path inside the archive, with forward slashes. */
  name: string;
  modified: Date;
  /** The entry's bytes, read when the archive reaches it. */
  read(): Promise<Uint8Array>;
};

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** 2.0: the version a reader needs for stored entries in folders. */
const VERSION = 20;
/** Bit 11: the name is UTF-8. */
const UTF8_NAMES = 0x0800;
const STORED = 0;
const MAX_32 = 0xffffffff;
const MAX_ENTRIES = 0xffff;

/** Date and time as MS-DOS writes them (two-second steps), in the wall-clock time of the zone. */
function dosDateTime(date: Date, timeZone: string): { time: number; date: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const year = Math.min(Math.max((parts.year ?? 1980) - 1980, 0), 127);
  return {
    time: ((parts.hour ?? 0) << 11) | ((parts.minute ?? 0) << 5) | Math.floor((parts.second ?? 0) / 2),
    date: (year << 9) | ((parts.month ?? 1) << 5) | (parts.day ?? 1),
  };
}

type Written = { name: Buffer; crc: number; size: number; offset: number; time: number; date: number };

/**
 * The fields both headers share, in the same order (flags, method, time, date, CRC, both sizes,
 * the name's length), written from `at`: the local header has them at 6, the central one at 8.
 */
function writeEntryFields(header: Buffer, entry: Written, at: number): void {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(STORED, at + 2);
  header.writeUInt16LE(entry.time, at + 4);
  header.writeUInt16LE(entry.date, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.size, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  writeEntryFields(header, entry, 6);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  writeEntryFields(header, entry, 8);
  // Extra field, comment, disk number, internal and external attributes: none.
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

/**
 * The archive's bytes, chunk by chunk: give it to `Readable.from` and pipe it to the answer, so that
 * the next file is read only once the client has taken the previous one.
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, timeZone: string) {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (written.length === MAX_ENTRIES) throw new Error('A zip without ZIP64 holds at most 65,535 entries');
    if (!entry.name || entry.name.startsWith('/') || entry.name.split('/').includes('..')) {
      throw new Error(`Not a safe name inside a zip: ${entry.name}`);
    }
    const bytes = await entry.read();
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const record: Written = {
      name: Buffer.from(entry.name, 'utf8'),
      crc: crc32(data),
      size: data.length,
      offset,
      ...dosDateTime(entry.modified, timeZone),
    };
    const header = localHeader(record);
    if (offset + header.length + data.length > MAX_32) throw new Error('A zip without ZIP64 stops at 4 GiB');
    written.push(record);
    yield header;
    yield data;
    offset += header.length + data.length;
  }
  const directory = Buffer.concat(written.map(centralHeader));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  yield directory;
  yield end;
}
