import { AppError } from '@app/core/errors/app-error';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_REPORT_BODY_BYTES,
  MAX_REPORT_PAYLOAD_BYTES,
} from '@app/core/forms/limits';
import busboy from 'busboy';
import type { Request } from 'express';
import type { UploadedFile } from './multipart.ts';

/** Fields of a form posted without JavaScript (the report form has 16, plus its step and button). */
const MAX_FIELDS = 40;

export type PlainFormBody = {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** A file past 10 MB (its position), or more files than allowed: the rest of the form was still read. */
  fileProblem?: { code: 'FILE_TOO_LARGE'; file: number } | { code: 'TOO_MANY_FILES' };
};

/**
 * Reads a form a browser posted without JavaScript, plain or multipart, as it streams in.
 *
 * Unlike the API (multipart.ts), a file that is too large or one file too many does not stop the
 * reading: its bytes are thrown away as they come and the other fields are still read, so the page
 * can come back with everything typed and say which file was refused. Only a body announced larger
 * than a whole report may be (`BODY_TOO_LARGE`), or one that grows past it, is refused unread.
 */
export function readPlainForm(
  request: Request,
  {
    withFiles,
    filesOnlyWhen,
  }: {
    withFiles: boolean;
    /**
     * Files are kept only once this field has come with this value (the report form's step field,
     * which comes before its file input): until then the body may be no larger than a form
     * without files, and a file's bytes are not kept (security review finding 2).
     */
    filesOnlyWhen?: { field: string; value: string };
  },
): Promise<PlainFormBody> {
  const declared = Number(request.headers['content-length'] ?? 0);
  const maxBodyWithFiles = withFiles ? MAX_REPORT_BODY_BYTES : MAX_REPORT_PAYLOAD_BYTES;
  let filesAllowed = withFiles && filesOnlyWhen === undefined;
  /** Bytes of files sent where none are taken: not kept, and a few are tolerated. */
  let discarded = 0;
  if (declared > maxBodyWithFiles) return Promise.reject(new AppError('BODY_TOO_LARGE'));
  const isMultipart = request.is('multipart/form-data') === 'multipart/form-data';
  if (!isMultipart && request.is('application/x-www-form-urlencoded') !== 'application/x-www-form-urlencoded') {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE'));
  }
  if (isMultipart && !withFiles) return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE'));

  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: request.headers,
      limits: {
        files: withFiles ? MAX_ATTACHMENTS + 1 : 0,
        fileSize: MAX_ATTACHMENT_BYTES,
        fields: MAX_FIELDS,
        fieldSize: MAX_REPORT_PAYLOAD_BYTES,
        parts: MAX_FIELDS + MAX_ATTACHMENTS + 1,
      },
    });
  } catch {
    return Promise.reject(new AppError('INVALID_PAYLOAD'));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let fileProblem: PlainFormBody['fileProblem'];
    let fileCount = 0;
    let received = 0;
    let settled = false;
    const pending: Promise<void>[] = [];
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      parser.removeAllListeners();
      request.resume(); // the answer can still go out; the rest of the body is drained, not kept
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new AppError('INVALID_PAYLOAD'));
      fields[name] = value;
      if (withFiles && filesOnlyWhen?.field === name) filesAllowed = value === filesOnlyWhen.value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'attachments') {
        stream.resume();
        return fail(new AppError('INVALID_PAYLOAD'));
      }
      // A file input left empty still sends a part, with no name and no bytes.
      if (!info.filename) {
        stream.resume();
        return;
      }
      // On a step without files, a file's bytes are not kept, and past a form's size the body is
      // refused: no browser sends files there.
      if (!filesAllowed) {
        stream.on('data', (chunk: Buffer) => {
          discarded += chunk.length;
          if (discarded > MAX_REPORT_PAYLOAD_BYTES) fail(new AppError('BODY_TOO_LARGE'));
        });
        stream.resume();
        return;
      }
      const position = fileCount++;
      if (position >= MAX_ATTACHMENTS) {
        fileProblem ??= { code: 'TOO_MANY_FILES' };
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on('limit', () => {
        tooLarge = true;
        chunks.length = 0;
        fileProblem ??= { code: 'FILE_TOO_LARGE', file: position };
      });
      pending.push(
        new Promise((done) =>
          stream.on('end', () => {
            if (!tooLarge) files[position] = { data: Buffer.concat(chunks), fileName: info.filename ?? '' };
            done();
          }),
        ),
      );
    });
    parser.on('filesLimit', () => {
      fileProblem ??= { code: 'TOO_MANY_FILES' };
    });
    parser.on('fieldsLimit', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('partsLimit', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('error', () => fail(new AppError('INVALID_PAYLOAD')));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, files: files.filter(Boolean), fileProblem });
      });
    });
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBodyWithFiles) fail(new AppError('BODY_TOO_LARGE'));
    });
    request.on('aborted', () => fail(new AppError('INVALID_PAYLOAD')));
    request.pipe(parser);
  });
}
