/**
 * PDFs made for the tests with pdf-lib: one that carries everything that can name its sender (the
 * document information, XMP metadata, an embedded file, scripts, a thumbnail, a comment's author, a
 * photo's Exif), and encrypted ones. Written without object streams or compression where it matters,
 * so that a test can first show that the identifying strings are in the file's bytes in clear.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
  StandardFonts,
} from 'pdf-lib';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/photo-with-gps.jpg'));

/** What must not survive the cleaning, each findable in the original file's bytes. */
export const IDENTIFYING = {
  author: 'Sara Cohen-Identifying',
  creator: 'Word for Sara-Identifying',
  xmpCreator: 'Xmp Creator Sara-Identifying',
  embeddedFile: 'Embedded home address Sara-Identifying',
  script: 'openActionScriptIdentifying',
  namedScript: 'namedScriptIdentifying',
  pageScript: 'pageActionScriptIdentifying',
  commentAuthor: 'Comment author Sara-Identifying',
  launch: 'launch-Identifying.exe',
  thumbnail: 'thumbnail-Identifying',
  photoExif: 'Sara Cohen', // the photo fixture's Exif Artist
} as const;

/** Text on the pages, which must survive. */
export const PAGE_TEXT = ['Letter received on 3 November', 'Second page of the letter'];

const xmp = (creator: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${creator}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** Whether the bytes hold the text in clear, as Latin-1 or as a UTF-16 hex string (pdf-lib's way). */
export function carries(bytes: Buffer, text: string): boolean {
  const utf16 = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  return bytes.includes(Buffer.from(text, 'latin1')) || bytes.toString('latin1').toUpperCase().includes(utf16);
}

/** A two-page letter with a photo, carrying every kind of identifying data and active content. */
export async function identifyingPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setAuthor(IDENTIFYING.author);
  doc.setCreator(IDENTIFYING.creator);
  doc.setProducer('Producer 1.0');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const photo = await doc.embedJpg(new Uint8Array(PHOTO)); // a copy: pdf-lib reads the whole ArrayBuffer, not the slice;
  for (const text of PAGE_TEXT) {
    const page = doc.addPage([400, 300]);
    page.drawText(text, { x: 40, y: 240, size: 14, font });
    page.drawImage(photo, { x: 40, y: 40, width: 60, height: 30 });
  }
  await doc.attach(new Uint8Array(Buffer.from(IDENTIFYING.embeddedFile)), 'contact.txt', { mimeType: 'text/plain' });
  doc.addJavaScript('tracker', `app.alert('${IDENTIFYING.namedScript}');`);

  const { context, catalog } = doc;
  const [first] = doc.getPages();
  if (!first) throw new Error('no page');
  catalog.set(
    PDFName.of('Metadata'),
    context.register(context.stream(xmp(IDENTIFYING.xmpCreator), { Type: 'Metadata', Subtype: 'XML' })),
  );
  catalog.set(
    PDFName.of('OpenAction'),
    context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(`app.alert('${IDENTIFYING.script}');`) }),
  );
  catalog.set(
    PDFName.of('AcroForm'),
    context.obj({ Fields: [], XFA: context.register(context.stream('<xdp:xdp>xfa</xdp:xdp>')) }),
  );
  const page = first.node;
  page.set(
    PDFName.of('AA'),
    context.obj({ O: { S: 'JavaScript', JS: PDFString.of(`app.alert('${IDENTIFYING.pageScript}');`) } }),
  );
  page.set(PDFName.of('Thumb'), context.register(context.stream(IDENTIFYING.thumbnail, { Width: 1, Height: 1 })));
  page.set(
    PDFName.of('Metadata'),
    context.register(context.stream(xmp(`${IDENTIFYING.xmpCreator} page`), { Type: 'Metadata', Subtype: 'XML' })),
  );
  page.set(PDFName.of('PieceInfo'), context.obj({ Word: { Private: PDFString.of(IDENTIFYING.author) } }));
  const fileSpec = context.obj({
    Type: 'Filespec',
    F: PDFString.of('second.txt'),
    EF: { F: context.register(context.stream(`${IDENTIFYING.embeddedFile} 2`, { Type: 'EmbeddedFile' })) },
  });
  const annotations = [
    context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 10, 10], FS: fileSpec }),
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [10, 10, 20, 20],
      A: { S: 'Launch', F: PDFString.of(IDENTIFYING.launch) },
    }),
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [20, 20, 30, 30],
      A: { S: 'URI', URI: PDFString.of('https://example.org/evidence') },
    }),
    context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [30, 30, 40, 40],
      T: PDFHexString.fromText(IDENTIFYING.commentAuthor),
      Contents: PDFString.of('Kept comment'),
    }),
  ].map((annotation) => context.register(annotation));
  page.set(PDFName.of('Annots'), context.obj(annotations));
  const saved = await doc.save({ useObjectStreams: false });
  return Buffer.from(saved);
}

/** An honest letter: one page of text, nothing else. */
export async function plainPdf(text = 'A plain letter'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 300]).drawText(text, { x: 40, y: 240, size: 14, font });
  return Buffer.from(await doc.save());
}

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}

/**
 * A letter encrypted as PDF readers do it by default when only an owner password is set (RC4 128-bit,
 * revision 3, PDF 32000 §7.6.3): it opens without a password, yet every string and stream in it is
 * encrypted. With `userPassword`, it asks for that password.
 */
export async function encryptedPdf(userPassword = ''): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 300]).drawText('An encrypted letter', { x: 40, y: 240, size: 14, font });
  const id = createHash('md5').update('encrypted-fixture').digest();
  const pad = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
  const md5 = (...parts: Buffer[]) => parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();
  // O: the owner password's key (50 rounds of MD5), RC4 over the padded user password 20 times.
  let ownerKey = md5(pad('owner-secret'));
  for (let round = 0; round < 50; round++) ownerKey = md5(ownerKey);
  let owner: Buffer = pad(userPassword);
  for (let round = 0; round < 20; round++) owner = rc4(Buffer.from(ownerKey.map((byte) => byte ^ round)), owner);
  const permissions = -3904; // reading only: no printing, copying or changes
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  let key = md5(pad(userPassword), owner, permissionBytes, id);
  for (let round = 0; round < 50; round++) key = md5(key);
  let user: Buffer = md5(PADDING, id);
  for (let round = 0; round < 20; round++) user = rc4(Buffer.from(key.map((byte) => byte ^ round)), user);
  user = Buffer.concat([user, Buffer.alloc(16)]);

  const { context } = doc;
  const objectKey = (objectNumber: number, generation: number) =>
    md5(
      key,
      Buffer.from([objectNumber & 255, (objectNumber >> 8) & 255, (objectNumber >> 16) & 255, generation & 255, 0]),
    ).subarray(0, 16);
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream)) continue;
    const contents = rc4(objectKey(ref.objectNumber, ref.generationNumber), Buffer.from(object.getContents()));
    context.assign(ref, PDFRawStream.of(object.dict, contents));
  }
  const encrypt = context.register(
    context.obj({
      Filter: 'Standard',
      V: 2,
      R: 3,
      Length: 128,
      P: permissions,
      O: PDFHexString.of(owner.toString('hex')),
      U: PDFHexString.of(user.toString('hex')),
    }),
  );
  context.trailerInfo.Encrypt = encrypt;
  context.trailerInfo.ID = context.obj([
    PDFHexString.of(id.toString('hex')),
    PDFHexString.of(id.toString('hex')),
  ]) as PDFArray;
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
