import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { carries, encryptedPdf, IDENTIFYING, identifyingPdf, PAGE_TEXT, plainPdf } from '../test/pdf-fixtures.ts';
import { cleanPdf, cleanPdfInWorker, PDF_LIMITS, stripJpegMetadata } from './pdf-clean.ts';

/** A hand-written PDF whose one object stream inflates to `inflated` bytes. */
function inflatingPdf(inflated: number): Buffer {
  const objects = Buffer.concat([Buffer.from('4 0 null'), Buffer.alloc(inflated, 0x20)]);
  const packed = deflateSync(objects, { level: 9 });
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
        '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>> endobj\n' +
        `5 0 obj <</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${packed.length}>> stream\n`,
    ),
    packed,
    Buffer.from('\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  ]);
}

describe('cleanPdf', () => {
  it('removes the author, XMP, embedded files, scripts, thumbnails and Exif, and keeps the pages, text and links', async () => {
    const input = await identifyingPdf();
    for (const text of Object.values(IDENTIFYING)) expect(carries(input, text), text).toBe(true);
    const before = await getDocumentProxy(new Uint8Array(input));
    const original = await getMeta(before);
    expect(original.info).toMatchObject({ Author: IDENTIFYING.author });
    expect(String(original.metadata.get('dc:creator'))).toContain(IDENTIFYING.xmpCreator);
    expect(await before.getAttachments()).not.toBeNull();

    const output = await cleanPdfInWorker(input);

    for (const text of Object.values(IDENTIFYING)) expect(carries(output, text), text).toBe(false);
    for (const word of [
      '/JavaScript',
      '/JS',
      '/OpenAction',
      '/EmbeddedFile',
      '/Metadata',
      '/Thumb',
      '/Launch',
      '/XFA',
    ]) {
      expect(output.includes(word), word).toBe(false);
    }
    // Opened with pdf.js, as a browser shows it to staff.
    const pdf = await getDocumentProxy(new Uint8Array(output));
    expect(pdf.numPages).toBe(2);
    const { info, metadata } = await getMeta(pdf);
    expect(info).not.toHaveProperty('Author');
    expect(info).not.toHaveProperty('Creator');
    expect(info).not.toHaveProperty('Producer');
    expect(metadata).toEqual({}); // pdf.js found no XMP at all
    expect(await pdf.getAttachments()).toBeNull();
    expect(await pdf.getJSActions()).toBeNull();
    expect(await pdf.getOpenAction()).toBeNull();
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text).toEqual(PAGE_TEXT);
    const page = await pdf.getPage(1);
    const annotations = await page.getAnnotations();
    expect(annotations.map((annotation) => annotation.subtype).sort()).toEqual(['Link', 'Link', 'Text']);
    expect(annotations.find((annotation) => annotation.url)?.url).toBe('https://example.org/evidence');
    expect(annotations.find((annotation) => annotation.subtype === 'Text')?.titleObj?.str ?? '').toBe('');
    // The photo on the page is still a JPEG of the same size, without its Exif.
    const jpegStart = output.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const photo = await sharp(output.subarray(jpegStart)).metadata();
    expect([photo.format, photo.width, photo.height, photo.exif]).toEqual(['jpeg', 60, 30, undefined]);
  });

  it('writes a fresh file: objects no longer used, and earlier revisions, are not in it', async () => {
    const doc = await PDFDocument.load(await plainPdf('A letter revised'));
    doc.context.register(doc.context.obj({ Author: PDFString.of('Orphaned Sara-Identifying') }));
    const revised = Buffer.concat([
      await doc.save({ useObjectStreams: false }),
      // An incremental update that points the trailer to a new, empty document information.
      Buffer.from('\n99 0 obj <</Producer (Revision two)>> endobj\ntrailer <</Root 1 0 R/Info 99 0 R>>\n%%EOF\n'),
    ]);
    expect(carries(revised, 'Orphaned Sara-Identifying')).toBe(true);
    const output = Buffer.from(await cleanPdf(revised));
    expect(carries(output, 'Orphaned Sara-Identifying')).toBe(false);
    expect(carries(output, 'Revision two')).toBe(false);
    expect((await extractText(await getDocumentProxy(new Uint8Array(output)))).text).toEqual(['A letter revised']);
  });

  it('refuses an encrypted PDF, also one that opens without a password', async () => {
    await expect(cleanPdfInWorker(await encryptedPdf())).rejects.toMatchObject({ code: 'ENCRYPTED_PDF' });
    await expect(cleanPdfInWorker(await encryptedPdf('secret'))).rejects.toMatchObject({ code: 'ENCRYPTED_PDF' });
  });

  it('refuses a damaged PDF, one without pages and one over the page limit as unreadable', async () => {
    await expect(cleanPdf(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
    await expect(cleanPdf(Buffer.from('%PDF-1.7\n1 0 obj <</Type/Catalog/Pages [ 2 0 R'))).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let page = 0; page < 3; page++) doc.addPage().drawText(`page ${page}`, { font });
    const threePages = await doc.save();
    expect((await getDocumentProxy(await cleanPdf(threePages, { ...PDF_LIMITS, maxPages: 3 }))).numPages).toBe(3);
    await expect(cleanPdf(threePages, { ...PDF_LIMITS, maxPages: 2 })).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
      message: expect.stringMatching(/more than 2 pages/),
    });
  });

  it('stops decoding a stream that inflates past the limit (a decompression bomb)', async () => {
    const limits = { ...PDF_LIMITS, maxDecodedBytes: 1024 * 1024 };
    // Under the limit, the object stream is read; over it, the file is refused.
    expect((await getDocumentProxy(await cleanPdf(inflatingPdf(100_000), limits))).numPages).toBe(1);
    const bomb = inflatingPdf(20 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(30_000);
    await expect(cleanPdfInWorker(bomb, limits)).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
      message: expect.stringMatching(/decodes to more than/),
    });
  });

  it('gives up on a PDF that takes longer than the time limit, ending its thread', async () => {
    await expect(cleanPdfInWorker(await plainPdf(), { ...PDF_LIMITS, timeoutMs: 1 })).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
      message: expect.stringMatching(/too long/),
    });
  });
});

describe('stripJpegMetadata', () => {
  it('drops Exif and comments and keeps the image and its colour profile', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3060c0' } })
      .withMetadata({ exif: { IFD0: { Artist: 'Exif Sara-Identifying' } }, icc: 'srgb' })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('Exif Sara-Identifying')).toBe(true);
    const stripped = Buffer.from(stripJpegMetadata(jpeg) ?? []);
    expect(stripped.includes('Exif Sara-Identifying')).toBe(false);
    const metadata = await sharp(stripped).metadata();
    expect([metadata.width, metadata.height, metadata.exif, metadata.icc === undefined]).toEqual([
      8,
      8,
      undefined,
      false,
    ]);
    expect(stripJpegMetadata(Buffer.from('not a jpeg'))).toBeUndefined();
  });
});
