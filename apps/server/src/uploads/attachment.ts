import { ATTACHMENT_TYPES, type AttachmentType, MAX_ATTACHMENT_BYTES } from '@app/core/limits';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** A photo larger than this many pixels (about 7000 × 7000) is refused before it is decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

export type AttachmentErrorCode = 'FILE_TOO_LARGE' | 'UNSUPPORTED_FILE_TYPE' | 'FILE_TYPE_MISMATCH' | 'UNREADABLE_FILE';

export class AttachmentError extends Error {
  readonly code: AttachmentErrorCode;
  constructor(code: AttachmentErrorCode, message: string) {
    super(message);
    this.name = 'AttachmentError';
    this.code = code;
  }
}

export type PreparedAttachment = { data: Buffer; contentType: AttachmentType; extension: string; originalName: string };

function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
}

/**
 * Checks an uploaded file and makes it safe to keep:
 * - its type is read from its content (never from its name or the browser's word) and must be
 *   JPEG, PNG, WebP or PDF; the name's extension must agree (an HTML or SVG file named .jpg fails);
 * - photos are turned upright and encoded again, which drops every metadata field (GPS position,
 *   author, camera): metadata in a photo can identify the person who sent it.
 */
export async function prepareAttachment(data: Buffer, originalName: string): Promise<PreparedAttachment> {
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
  if (contentType === 'application/pdf') return { data, contentType, extension, originalName };

  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : contentType === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    // sharp writes no metadata unless asked to (withMetadata): the output carries none.
    return { data: await encoded.toBuffer(), contentType, extension, originalName };
  } catch (error) {
    throw new AttachmentError('UNREADABLE_FILE', `The image could not be read: ${(error as Error).message}`);
  }
}
