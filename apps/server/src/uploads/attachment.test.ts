import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { plainPdf } from '../test/pdf-fixtures.ts';
import { prepareAttachment } from './attachment.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../e2e/fixtures');
const photo = fs.readFileSync(path.join(FIXTURES, 'photo-with-gps.jpg'));

/** A valid PNG header announcing width × height grey pixels, followed by almost no data. */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndBody));
    return Buffer.concat([length, typeAndBody, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; the rest (grey, no interlace) stays 0
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('prepareAttachment', () => {
  it('turns a photo with GPS, author and orientation 6 upright and removes all its metadata', async () => {
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 60, height: 30 });
    expect(photo.includes(Buffer.from('Sara Cohen'))).toBe(true);

    const { data, contentType } = await prepareAttachment(photo, 'IMG_2041.JPG');
    const after = await sharp(data).metadata();
    expect(contentType).toBe('image/jpeg');
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([30, 60]); // upright now
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(data.includes(Buffer.from('Sara Cohen'))).toBe(false);
    expect(data.includes(Buffer.from('ExampleCam'))).toBe(false);
    // The blue band on the left of the sideways photo is on top once upright.
    const { data: pixels } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    expect(pixels[2]).toBeGreaterThan(150); // blue
    expect(pixels[0]).toBeLessThan(100);
  });

  it('keeps PNG, WebP and PDF files', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const pdf = await plainPdf();
    expect((await prepareAttachment(png, 'screenshot.png')).contentType).toBe('image/png');
    expect((await prepareAttachment(webp, 'a.webp')).contentType).toBe('image/webp');
    const cleaned = await prepareAttachment(pdf, 'letter.pdf'); // rewritten: see pdf-clean.test.ts
    expect(cleaned.contentType).toBe('application/pdf');
    expect(cleaned.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.each([
    [
      'an HTML page named .jpg',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'x.jpg',
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'an SVG named .jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'x.jpg',
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'an SVG',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.svg',
      'UNSUPPORTED_FILE_TYPE',
    ],
    ['a ZIP named .pdf', Buffer.from('504b0304140000000800', 'hex'), 'x.pdf', 'UNSUPPORTED_FILE_TYPE'],
    ['a JPEG named .png', photo, 'photo.png', 'FILE_TYPE_MISMATCH'],
    ['a JPEG without an extension', photo, 'photo', 'FILE_TYPE_MISMATCH'],
  ])('refuses %s', async (_label, data, name, code) => {
    await expect(prepareAttachment(data, name)).rejects.toMatchObject({ code });
  });

  it('refuses a pixel bomb (a small file that claims 900 million pixels) without decoding it', async () => {
    await expect(prepareAttachment(pixelBomb(30_000, 30_000), 'bomb.png')).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
  });
});
