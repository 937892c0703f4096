/**
 * PDF attachments rewritten without what can name the person who sent them (decision 0031): the
 * document information (Author, Creator, Producer…), XMP metadata of the document and of every object,
 * thumbnails, embedded files, scripts and the actions that run or send things, the form's XFA, the
 * authors of comments, and the Exif/XMP/IPTC blocks inside JPEG photos on the pages. Pages, their text,
 * images, links and form appearances stay as they were: the file is rewritten whole, never updated
 * incrementally, and only the objects still reachable from the new catalogue are written, so the old
 * ones are really gone.
 *
 * The work runs in a worker thread (`cleanPdfInWorker`) with a heap limit and a time limit, so that a
 * hostile file cannot hold up the server's requests or take its memory; the parse itself is bounded in
 * pages and in decoded bytes (a small file that inflates to gigabytes is refused).
 */

import {
  decodePDFRawStream,
  EncryptedPDFError,
  ParseSpeeds,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { runBoundedWorker, WorkerStopped } from '../bounded-worker.ts';
import { CodedError } from './coded-error.ts';

export const PDF_LIMITS = {
  /** More pages than this and the file is refused: no report needs them, and each costs work. */
  maxPages: 1000,
  /** All the streams the parse must decode (object and cross-reference streams), together. */
  maxDecodedBytes: 64 * 1024 * 1024,
  /** The worker's JavaScript heap: a file of millions of tiny objects stops there, not in the server. */
  heapMegabytes: 384,
  timeoutMs: 30_000,
};

export type PdfRefusalCode = 'ENCRYPTED_PDF' | 'UNREADABLE_FILE';

/** A PDF that is not kept: encrypted (it could not be cleaned), or not readable within the limits. */
export class PdfRefused extends CodedError<PdfRefusalCode> {
  override name = 'PdfRefused';
}

const name = (value: string) => PDFName.of(value);

/** Catalogue entries carried over to the new catalogue; everything else (Info, OpenAction, AA, Names
 * with JavaScript and EmbeddedFiles, AcroForm with XFA, Metadata, PieceInfo, Perms, URI…) is left out. */
const CATALOG_KEPT = [
  'Lang',
  'PageLabels',
  'PageLayout',
  'PageMode',
  'OCProperties',
  'MarkInfo',
  'StructTreeRoot',
  'Outlines',
  'Dests',
].map(name);
/** Entries of a page node kept (PDF 32000 §7.7.3); Thumb, PieceInfo, Metadata, AA, LastModified, B, ID,
 * PZ, SeparationInfo, AF… are left out. */
const PAGE_KEPT = [
  'Type',
  'Parent',
  'Kids',
  'Count',
  'Resources',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'BoxColorInfo',
  'Rotate',
  'Contents',
  'Group',
  'Annots',
  'UserUnit',
  'Tabs',
  'StructParents',
].map(name);
/** Keys removed from every dictionary and stream of the document, wherever they are. */
const KEYS_REMOVED = [
  'Metadata',
  'PieceInfo',
  'AA',
  'JS',
  'Thumb',
  'LastModified',
  'AF',
  'EF',
  'XFA',
  'EmbeddedFiles',
  'JavaScript',
].map(name);
/** Actions that run code, open or send files, or play media; links to pages and web addresses stay. */
const ACTIONS_REMOVED = new Set(
  [
    'JavaScript',
    'Launch',
    'SubmitForm',
    'ImportData',
    'GoToE',
    'GoToR',
    'Rendition',
    'Sound',
    'Movie',
    'RichMediaExecute',
  ].map(name),
);
/** Annotations that carry files, media or scripts. */
const ANNOTATIONS_REMOVED = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D'].map(name));
/** In comments (markup annotations): the author's name and when they wrote it. */
const COMMENT_KEYS_REMOVED = ['T', 'M', 'CreationDate'].map(name);

const resolve = (doc: PDFDocument, value: PDFObject | undefined) =>
  value instanceof PDFRef ? doc.context.lookup(value) : value;
const dictOf = (object: PDFObject | undefined) =>
  object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;

function isRemovedAction(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const action = dictOf(resolve(doc, value));
  const kind = action?.get(name('S'));
  return kind instanceof PDFName && ACTIONS_REMOVED.has(kind);
}

/**
 * Decoded bytes are counted while pdf-lib parses: every decoder (Flate, LZW, ASCII85…) grows its
 * buffer through `DecodeStream.ensureBuffer`, which is wrapped once to count and to stop past the budget.
 */
// pdf-lib skips an object whose parse throws: `exceeded` tells the refusal apart from that.
const budget = { used: 0, limit: Number.POSITIVE_INFINITY, exceeded: false };
let decodingCounted = false;
function countDecoding() {
  if (decodingCounted) return;
  const sample = decodePDFRawStream(PDFContext.create().flateStream(new Uint8Array(0)));
  let prototype: { ensureBuffer?: (this: { buffer: Uint8Array }, requested: number) => Uint8Array } | null =
    Object.getPrototypeOf(sample);
  while (prototype && !Object.hasOwn(prototype, 'ensureBuffer')) prototype = Object.getPrototypeOf(prototype);
  const original = prototype?.ensureBuffer;
  if (!prototype || !original) throw new Error('pdf-lib changed: its decoders can no longer be counted');
  prototype.ensureBuffer = function ensureBuffer(this: { buffer: Uint8Array }, requested: number) {
    const before = this.buffer.byteLength;
    const buffer = original.call(this, requested);
    // A buffer doubles as it fills: what is counted is what was allocated, at most twice what was asked.
    budget.used += buffer.byteLength - before;
    if (budget.used > budget.limit) {
      budget.exceeded = true;
      throw new PdfRefused('UNREADABLE_FILE', 'The PDF decodes to more than the limit');
    }
    return buffer;
  };
  decodingCounted = true;
}

/** The leaf pages and the page-tree nodes, each once, refused past the page limit. */
function pageTree(doc: PDFDocument, root: PDFRef, maxPages: number): { nodes: PDFDict[]; pages: number } {
  const nodes: PDFDict[] = [];
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = [root];
  let pages = 0;
  while (pending.length > 0) {
    const node = resolve(doc, pending.pop());
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    nodes.push(node);
    const kids = resolve(doc, node.get(name('Kids')));
    if (kids instanceof PDFArray) pending.push(...kids.asArray());
    else if (++pages > maxPages) throw new PdfRefused('UNREADABLE_FILE', `The PDF has more than ${maxPages} pages`);
  }
  return { nodes, pages };
}

/** A JPEG without its APP1 (Exif, XMP), APP13 (IPTC), other APPn and comment segments; the JFIF
 * header, the colour profile and Adobe's colour-transform segment stay. Undefined if it is not a
 * JPEG this can read (it is then kept as it is). */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let position = 2;
  let changed = false;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return undefined;
    const marker = bytes[position + 1] ?? 0;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // the image data: copied as it is from here on
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(position, position + 2));
      position += 2;
      continue;
    }
    const length = ((bytes[position + 2] ?? 0) << 8) | (bytes[position + 3] ?? 0);
    const end = position + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    const segment = bytes.subarray(position, end);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const kept =
      marker === 0xfe
        ? false
        : !isApp ||
          marker === 0xe0 ||
          marker === 0xee ||
          (marker === 0xe2 && Buffer.from(segment.subarray(4, 16)).toString('latin1') === 'ICC_PROFILE\0');
    if (kept) parts.push(segment);
    else changed = true;
    position = end;
  }
  if (!changed) return undefined;
  parts.push(bytes.subarray(position));
  return Buffer.concat(parts);
}

function isOnlyDct(filter: PDFObject | undefined): boolean {
  if (filter === name('DCTDecode')) return true;
  return filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === name('DCTDecode');
}

/**
 * Rewrites a PDF without metadata or active content, in this thread. Use `cleanPdfInWorker` on the
 * server; this is what its worker runs.
 */
export async function cleanPdf(input: Uint8Array, limits = PDF_LIMITS): Promise<Uint8Array> {
  countDecoding();
  budget.used = 0;
  budget.exceeded = false;
  budget.limit = limits.maxDecodedBytes;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(input, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    if (error instanceof PdfRefused) throw error;
    // An encrypted file's object streams cannot be parsed either: it says so in its trailer.
    if (error instanceof EncryptedPDFError || Buffer.from(input).includes('/Encrypt')) {
      throw new PdfRefused('ENCRYPTED_PDF', 'The PDF is encrypted');
    }
    throw new PdfRefused('UNREADABLE_FILE', `The PDF could not be read: ${(error as Error).message}`);
  } finally {
    budget.limit = Number.POSITIVE_INFINITY;
  }
  if (budget.exceeded) throw new PdfRefused('UNREADABLE_FILE', 'The PDF decodes to more than the limit');
  const { context } = doc;
  if (doc.isEncrypted) throw new PdfRefused('ENCRYPTED_PDF', 'The PDF is encrypted');
  const oldCatalog = resolve(doc, context.trailerInfo.Root);
  const pagesRef = oldCatalog instanceof PDFDict ? oldCatalog.get(name('Pages')) : undefined;
  if (!(pagesRef instanceof PDFRef) || !(context.lookup(pagesRef) instanceof PDFDict)) {
    throw new PdfRefused('UNREADABLE_FILE', 'The PDF has no pages');
  }
  const { nodes, pages } = pageTree(doc, pagesRef, limits.maxPages);
  if (pages === 0) throw new PdfRefused('UNREADABLE_FILE', 'The PDF has no pages');

  // A new catalogue and trailer: no Info, no ID, nothing of the old catalogue but what shows the pages.
  const catalog = context.obj({ Type: 'Catalog', Pages: pagesRef }) as PDFDict;
  for (const key of CATALOG_KEPT) {
    const value = (oldCatalog as PDFDict).get(key);
    if (value !== undefined) catalog.set(key, value);
  }
  const oldNames = resolve(doc, (oldCatalog as PDFDict).get(name('Names')));
  const dests = oldNames instanceof PDFDict ? oldNames.get(name('Dests')) : undefined;
  if (dests !== undefined) catalog.set(name('Names'), context.obj({ Dests: dests }));
  context.trailerInfo = { Root: context.register(catalog) };

  for (const node of nodes) {
    for (const key of node.keys()) if (!PAGE_KEPT.includes(key)) node.delete(key);
    const annots = resolve(doc, node.get(name('Annots')));
    if (!(annots instanceof PDFArray)) continue;
    for (let index = annots.size() - 1; index >= 0; index--) {
      const annotation = dictOf(resolve(doc, annots.get(index)));
      const subtype = annotation?.get(name('Subtype'));
      if (!annotation || (subtype instanceof PDFName && ANNOTATIONS_REMOVED.has(subtype))) {
        annots.remove(index);
        continue;
      }
      if (subtype !== name('Widget') && subtype !== name('Link')) {
        for (const key of COMMENT_KEYS_REMOVED) annotation.delete(key);
      }
    }
  }

  // Every object still reachable from the new catalogue, cleaned; the rest is not written at all.
  const reachable = new Set<PDFRef>();
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = [context.trailerInfo.Root as PDFRef];
  while (pending.length > 0) {
    let object = pending.pop() as PDFObject;
    let ref: PDFRef | undefined;
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      ref = object;
      const target = context.lookup(object);
      if (target === undefined) continue;
      object = target;
    }
    if (seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFArray) {
      for (let index = object.size() - 1; index >= 0; index--) {
        if (isRemovedAction(doc, object.get(index))) object.remove(index);
      }
      pending.push(...object.asArray());
      continue;
    }
    const dict = dictOf(object);
    if (!dict) continue;
    for (const key of KEYS_REMOVED) dict.delete(key);
    for (const [key, value] of dict.entries()) {
      if (key !== name('Parent') && key !== name('P') && isRemovedAction(doc, value)) dict.delete(key);
    }
    if (dict.get(name('S')) instanceof PDFName) dict.delete(name('Next')); // chained actions
    if (
      ref &&
      object instanceof PDFRawStream &&
      dict.get(name('Subtype')) === name('Image') &&
      isOnlyDct(dict.get(name('Filter')))
    ) {
      const stripped = stripJpegMetadata(object.getContents());
      if (stripped) context.assign(ref, PDFRawStream.of(dict, stripped));
    }
    pending.push(...dict.values());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref)) context.delete(ref);

  return doc.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
}

/**
 * Rewrites a PDF in a worker thread of its own, with the heap and time limits of `PDF_LIMITS`.
 * Refuses with `PdfRefused` a file that is encrypted, unreadable, or that needs more than the limits.
 */
export async function cleanPdfInWorker(input: Buffer, limits = PDF_LIMITS): Promise<Buffer> {
  const answer = await runBoundedWorker<{ output: Uint8Array } | { refused: PdfRefusalCode; message: string }>(
    new URL('./pdf-clean.worker.ts', import.meta.url),
    {
      workerData: { input, limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMegabytes },
      timeLimitMs: limits.timeoutMs,
      quiet: true,
    },
  ).catch((error: unknown) => {
    if (!(error instanceof WorkerStopped)) throw error;
    if (error.reason === 'timeout') throw new PdfRefused('UNREADABLE_FILE', 'The PDF took too long to read');
    if (error.reason === 'out-of-memory')
      throw new PdfRefused('UNREADABLE_FILE', 'The PDF needs more memory than the limit');
    throw error;
  });
  if ('refused' in answer) throw new PdfRefused(answer.refused, answer.message);
  return Buffer.from(answer.output.buffer, answer.output.byteOffset, answer.output.byteLength);
}
