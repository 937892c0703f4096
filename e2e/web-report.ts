import { createRequire } from 'node:module';
import path from 'node:path';
import { reportIdByReceipt } from './database.ts';

/**
 * The proof of work the report form solves in the browser, solved here in Node with the server's
 * own library (the unit tests' helpers stay out of the browser tests).
 */
const fromServer = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
const { solveChallenge } = fromServer('altcha-lib') as {
  solveChallenge: (options: { challenge: unknown; deriveKey: unknown }) => Promise<unknown>;
};
const { deriveKey } = fromServer('altcha-lib/algorithms/sha') as { deriveKey: unknown };

/** A solved ALTCHA challenge, as the page's widget posts it. */
export async function solvedAltcha(baseURL: string): Promise<string> {
  const challenge = await (await fetch(`${baseURL}/api/altcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A report as the web form sends it (a verbal incident at a Ghent station, anonymous unless
 * `fields` says otherwise), for a browser test that needs one without filling the form: its
 * receipt, and its id found by that receipt.
 */
export async function sendWebReport(
  baseURL: string,
  fields: { language: string; date: string; sharingConsent: string } & Record<string, unknown>,
): Promise<{ receipt: string; reportId: string }> {
  const form = new FormData();
  form.set('altcha', await solvedAltcha(baseURL));
  form.set(
    'payload',
    JSON.stringify({
      anonymous: true,
      time: '21:30',
      location: 'Sint-Pietersstation, Gent',
      type: 'verbal',
      description: 'Two men shouted antisemitic insults at us on the platform.',
      calledPolice: 'no',
      calledOrganisation: 'no',
      medicalTreatment: 'no',
      termsAccepted: true,
      ...fields,
    }),
  );
  const sent = await fetch(`${baseURL}/api/reports`, { method: 'POST', body: form });
  if (sent.status !== 201) throw new Error(`the report was answered ${sent.status}`);
  const { receipt } = (await sent.json()) as { receipt: string };
  return { receipt, reportId: await reportIdByReceipt(receipt) };
}
