import { ATTACHMENT_TYPES, type AttachmentType, MAX_ATTACHMENT_BYTES } from '@app/core/forms/limits';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { CodedError } from './coded-error.ts';
import { cleanPdfInWorker, PdfRefused } from './pdf-clean.ts';

/**
 * A photo larger than this many pixels (about 7000 × 7000) is refused before it is decoded. Phones
 * of 50 megapixels exist, so the limit stays; the queue, not the pixel count, bounds the work.
 */
const MAX_IMAGE_PIXELS = 50_000_000;
/** An image that takes longer than this to decode and encode again is given up as unreadable. */
export const IMAGE_TIMEOUT_SECONDS = 20;

// One thread per image: the file work queue decides how many images are worked on at once.
sharp.concurrency(1);

export type AttachmentErrorCode =
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_FILE_TYPE'
  | 'FILE_TYPE_MISMATCH'
  | 'UNREADABLE_FILE'
  | 'ENCRYPTED_PDF';

export class AttachmentError extends CodedError<AttachmentErrorCode> {
  override name = 'AttachmentError';
}

/** A file whose type and name were checked (cheap: its first bytes), not yet decoded or cleaned. */
export type CheckedAttachment = { data: Buffer; contentType: AttachmentType; extension: string; originalName: string };

/**
 * A file made safe to keep: its metadata removed (photos re-encoded, PDFs rewritten). Only
 * `cleanAttachment` makes one, so a stored file's row can say so (`report_attachment.metadata_removed`).
 */
export type PreparedAttachment = CheckedAttachment & { metadataRemoved: true };

function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * The cheap checks of an uploaded file, before anything is decoded (security review finding 1:
 * expensive work comes after every cheap check): its type is read from its first bytes (never
 * from its name or the browser's word) and must be JPEG, PNG, WebP or PDF, and the name's
 * extension must agree (an HTML or SVG file named .jpg fails).
 */
export async function checkAttachment(data: Buffer, originalName: string): Promise<CheckedAttachment> {
  if (data.length > MAX_ATTACHMENT_BYTES) throw new AttachmentError('FILE_TOO_LARGE', 'File over the size limit');
  const sniffed = await fileTypeFromBuffer(data);
  if (!sniffed || !Object.hasOwn(ATTACHMENT_TYPES, sniffed.mime)) {
    throw new AttachmentError('UNSUPPORTED_FILE_TYPE', `Refused file type ${sniffed?.mime ?? 'unknown'}`);
  }
  const contentType = sniffed.mime as AttachmentType;
  const allowedExtensions: readonly string[] = ATTACHMENT_TYPES[contentType];
  if (!allowedExtensions.includes(extensionOf(originalName))) {
    throw new AttachmentError('FILE_TYPE_MISMATCH', 'The file name does not match its content');
  }
  const extension = allowedExtensions[0] ?? sniffed.ext;
  return { data, contentType, extension, originalName };
}

/**
 * The expensive part: makes a checked file safe to keep. Photos are turned upright and encoded
 * again, which drops every metadata field (GPS position, author, camera): metadata in a photo can
 * identify the person who sent it. Runs in the file work queue (file-work-queue.ts), one thread
 * per job (`sharp.concurrency(1)`), and gives up on an image after IMAGE_TIMEOUT_SECONDS.
 */
export async function cleanAttachment(checked: CheckedAttachment): Promise<PreparedAttachment> {
  const { data, contentType, extension, originalName } = checked;
  if (contentType === 'application/pdf') {
    const cleaned = await cleanPdfInWorker(data).catch((error: unknown) => {
      throw error instanceof PdfRefused ? new AttachmentError(error.code, error.message) : error;
    });
    return { data: cleaned, contentType, extension, originalName, metadataRemoved: true };
  }

  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
    const encoded =
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : contentType === 'image/png'
          ? image.png({ compressionLevel: 6 })
          : image.webp({ quality: 88, effort: 3 });
    // sharp writes no metadata unless asked to (withMetadata): the output carries none.
    return { data: await encoded.toBuffer(), contentType, extension, originalName, metadataRemoved: true };
  } catch (error) {
    throw new AttachmentError('UNREADABLE_FILE', `The image could not be read: ${(error as Error).message}`);
  }
}

/** Both: checks an uploaded file, then makes it safe to keep (for callers outside a request). */
export async function prepareAttachment(data: Buffer, originalName: string): Promise<PreparedAttachment> {
  return cleanAttachment(await checkAttachment(data, originalName));
}
