import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '@app/core/errors/app-error';
import { writeReadableStreamToWritable } from '@react-router/node';
import type { NextFunction, Request, Response } from 'express';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { sendErrorAnswer } from './error-answers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PLAIN_FORM = 'application/x-www-form-urlencoded';
/**
 * The largest body a page's action reads: the pages' own forms without files (sign-in, set
 * password, language, the staff area's forms, the longest a content edit). Security review
 * 2026-11-26, finding 2: a body is never read whole before a limit.
 */
export const PAGE_FORM_MAX_BYTES = 64 * 1024;

class BodyTooLarge extends Error {}

/**
 * The request body of a page's form, read as it streams in and refused (413) past the cap: on its
 * announced length before a byte is read, or as soon as it grows past the cap.
 */
function readCappedBody(request: Request, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        request.off('data', onData);
        request.resume(); // what is left is drained, not kept
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('aborted', () => reject(new BodyTooLarge()));
  });
}

/** The request's headers for the Fetch request that React Router reads (never the Node request's). */
function fetchHeaders(source: IncomingHttpHeaders, contentType?: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  if (contentType) headers.set('content-type', contentType);
  return headers;
}

/**
 * The pages (React Router), in place of `@react-router/express`'s handler, which streams any body
 * whole into the page's action. Here a page's action gets a body of at most PAGE_FORM_MAX_BYTES, of
 * the only type our pages post: a plain form (files go through the API, decision 0007). Another
 * type is a 415; a body without a type is read as a plain form, which always parses (at worst into
 * fields the action does not know), where `request.formData()` would throw and answer 500. A form
 * sent without JavaScript was already read and checked (plain-forms.routes.ts): its action reads
 * the request context, not the body.
 */
export function pageRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (request: Request, response: Response) => Promise<RouterContextProvider>;
}) {
  const handle = createRequestHandler(build, mode);
  return async (request: Request, response: Response, next: NextFunction) => {
    let body: Buffer | undefined;
    let contentType: string | undefined;
    if (!SAFE_METHODS.has(request.method) && !response.locals.plainForm) {
      const type = request.headers['content-type'];
      if (type === undefined || type.trim() === '') contentType = PLAIN_FORM;
      else if (type.split(';', 1)[0]?.trim().toLowerCase() !== PLAIN_FORM) {
        return sendErrorAnswer(request, response, new AppError('UNSUPPORTED_MEDIA_TYPE'));
      }
      try {
        body = await readCappedBody(request, PAGE_FORM_MAX_BYTES);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) return next(error);
        response.set('Connection', 'close');
        return sendErrorAnswer(request, response, new AppError('BODY_TOO_LARGE'));
      }
    }
    const controller = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    try {
      const url = new URL(`${request.protocol}://${request.get('host') ?? 'localhost'}${request.originalUrl}`);
      const pageRequest = new globalThis.Request(url, {
        method: request.method,
        headers: fetchHeaders(request.headers, contentType),
        body: request.method === 'GET' || request.method === 'HEAD' || !body ? undefined : new Uint8Array(body),
        signal: controller.signal,
      });
      const answer = await handle(pageRequest, await getLoadContext(request, response));
      await send(response, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** React Router's answer, streamed to the client; each Set-Cookie header kept apart. */
async function send(response: Response, answer: globalThis.Response) {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers.entries()) {
    if (name !== 'set-cookie') response.append(name, value);
  }
  for (const cookie of answer.headers.getSetCookie()) response.append('Set-Cookie', cookie);
  if (!answer.body) {
    response.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (response.destroyed || response.writableEnded) return;
    throw error;
  }
}
