import { PassThrough } from 'node:stream';
import { resources } from '@app/locales/resources';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { appContext } from './context.ts';
import { FormMessagesContext, type FormMessagesSource } from './i18n/form-messages.ts';
import { scriptsAfterFirstPaint } from './lib/scripts-after-paint.server.ts';

export { appContext } from './context.ts';
export const buildId: string = __BUILD_ID__;

export const streamTimeout = 5_000;

/** The server renders every form in every language: it has their messages (i18n/form-messages.ts). */
const serverFormMessages: FormMessagesSource = (language) => resources[language].forms;

/**
 * Renders the whole page before answering (not only the shell): every public page must be
 * complete HTML for visitors without JavaScript, crawlers and link previews alike.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Empty for a page rendered for the page cache, whose scripts are allowed by their hashes.
  const nonce = loadContext.get(appContext).cspNonce || undefined;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <FormMessagesContext.Provider value={serverFormMessages}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </FormMessagesContext.Provider>,
      {
        nonce,
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const body = new PassThrough();
          pipe(body);
          pageOf(body, !isStaffPage(routerContext)).then(
            (page) => resolve(new Response(page, { headers: responseHeaders, status })),
            reject,
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          logError(error, 'a page could not be rendered');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000).unref();
  });
}

/**
 * The whole page; a public page's scripts come after its first paint (lib/scripts-after-paint.server.ts).
 * The staff area, met on a desk and not by a visitor's first load, is as React Router made it.
 */
async function pageOf(body: PassThrough, afterPaint: boolean): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  const html = Buffer.concat(chunks).toString('utf8');
  return afterPaint ? scriptsAfterFirstPaint(html) : html;
}

const isStaffPage = (context: EntryContext) =>
  context.staticHandlerContext.matches.some((match) => match.route.id === 'routes/internal/internal-root');

/**
 * Errors of loaders and actions (security review 2026-11-26, finding 3). React Router's default
 * prints the whole error, and a failed query's error holds its bound values: a set-password token,
 * a staff e-mail address. Here only its name, code and the first line of its message are written
 * (drizzle puts the values on the second), as one JSON line like the server's own logs; never the
 * request or its form.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A route error response wraps the thrown error (React Router 8 keeps it in an untyped `error`).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logError(inner ?? error, "a page's loader or action failed");
};

function logError(error: unknown, msg: string) {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const errorCode = typeof code === 'string' || typeof code === 'number' ? code : cause?.code;
  const firstLine =
    typeof message === 'string'
      ? (message.split('\n')[0] ?? '').replace(/: ".*$/, ': "[value]"').slice(0, 300)
      : undefined;
  const line = {
    level: 50,
    time: Date.now(),
    msg,
    err: {
      type: errorType(error, name),
      ...(errorCode === undefined ? {} : { code: String(errorCode) }),
      ...(firstLine === undefined ? {} : { message: firstLine }),
    },
  };
  console.error(JSON.stringify(line));
}

/** drizzle's query error and pg's leave `name` as "Error" or "error": their class says more. */
function errorType(error: unknown, name: unknown): string {
  if (typeof name === 'string' && name.toLowerCase() !== 'error') return name;
  const className = (error as object | null)?.constructor?.name;
  return className && className !== 'Object' ? className : typeof error;
}
