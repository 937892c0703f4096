import type { CookieJar } from './staff-helpers.ts';
import { solveAltcha } from './submission-helpers.ts';

/** Opens a follow-up session with a receipt, as the follow-up page does; the jar keeps its cookie. */
export async function openFollowUp(
  baseUrl: string,
  receipt: string,
  jar: CookieJar,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/api/follow-up/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: JSON.stringify({ receipt, altcha: await solveAltcha(baseUrl) }),
  });
  jar.update(response);
  return response;
}

/** The reporter's answer in an open follow-up session, with files if any. */
export async function sendFollowUpReply(
  baseUrl: string,
  jar: CookieJar,
  message: unknown,
  files: { name: string; data: Buffer }[] = [],
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('payload', JSON.stringify({ message }));
  for (const file of files) form.append('attachments', new Blob([new Uint8Array(file.data)]), file.name);
  return fetch(`${baseUrl}/api/follow-up/messages`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: jar.header(), ...headers },
    body: form,
  });
}
