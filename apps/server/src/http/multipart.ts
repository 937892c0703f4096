import { AppError } from '@app/core/errors/app-error';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_REPORT_BODY_BYTES,
  MAX_REPORT_PAYLOAD_BYTES,
} from '@app/core/forms/limits';
import busboy from 'busboy';
import type { Request } from 'express';

export type UploadedFile = { data: Buffer; fileName: string };
export type ReportUpload = { fields: Record<string, string>; files: UploadedFile[] };

/**
 * Reads a report's multipart body as it streams in, within limits: a body announced too large is
 * refused before a byte is read (413), a file past 10 MB or a sixth file stops the reading at once.
 */
export function readReportUpload(request: Request): Promise<ReportUpload> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_REPORT_BODY_BYTES) return Promise.reject(new AppError('BODY_TOO_LARGE'));
  if (!request.is('multipart/form-data')) return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE'));

  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: request.headers,
      limits: {
        files: MAX_ATTACHMENTS,
        fileSize: MAX_ATTACHMENT_BYTES,
        fields: 8,
        fieldSize: MAX_REPORT_PAYLOAD_BYTES,
        parts: MAX_ATTACHMENTS + 8,
      },
    });
  } catch {
    // No boundary, or one that busboy cannot use: not a multipart body anyone can read.
    return Promise.reject(new AppError('INVALID_PAYLOAD'));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      parser.removeAllListeners();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError('INVALID_PAYLOAD'));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'attachments') {
        stream.resume();
        return fail(new AppError('INVALID_PAYLOAD'));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new AppError('FILE_TOO_LARGE', { file: files.length })));
      stream.on('end', () => {
        if (!settled) files.push({ data: Buffer.concat(chunks), fileName: info.filename ?? '' });
      });
    });
    parser.on('filesLimit', () => fail(new AppError('TOO_MANY_FILES')));
    parser.on('fieldsLimit', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('partsLimit', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('error', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_REPORT_BODY_BYTES) fail(new AppError('BODY_TOO_LARGE'));
    });
    request.on('aborted', () => fail(new AppError('INVALID_PAYLOAD')));
    request.pipe(parser);
  });
}
