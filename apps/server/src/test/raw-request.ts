import http from 'node:http';

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request whose answer is left as sent (fetch would undo the compression), with the headers of
 * our choosing: a `host` among them is sent as given (fetch would put the address's).
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
