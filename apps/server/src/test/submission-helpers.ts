import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HONEYPOT_FIELD } from '@app/core/forms/form-rules';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type pg from 'pg';

/** Solves an ALTCHA challenge from the server as the widget in the browser does; returns the payload. */
export async function solveAltcha(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/altcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('Could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Seeded personal data: the privacy tests look for each of these strings in dumps and files. */
export const SEEDED = {
  firstName: 'Rivka',
  lastName: 'Abramowicz',
  phone: '0470 99 88 77',
  email: 'rivka.abramowicz@example.be',
  address: 'Belgiëlei 142, 2018 Antwerpen',
  location: 'Tramhalte Plantin, Antwerpen',
  description: 'Een man riep scheldwoorden tegen mijn zoon op weg naar school, met een Hitlergroet.',
  policeReportNumber: 'AN.55.L1.123456/26',
};

/** A contact message from the seeded person, in `language`: their words are the report's description. */
export const contactMessageFrom = (language: string, overrides: Record<string, string> = {}) => ({
  language,
  firstName: SEEDED.firstName,
  lastName: SEEDED.lastName,
  email: SEEDED.email,
  phone: '',
  message: SEEDED.description,
  ...overrides,
});

/** An anonymous report's answers about its reporter: none. */
export const ANONYMOUS = { anonymous: true, firstName: '', lastName: '', phone: '', email: '', address: '' } as const;

/** The reporter's name and phone as the report form sends them (its first step without JavaScript). */
export const PLAIN_IDENTITY = { firstName: SEEDED.firstName, lastName: SEEDED.lastName, phone: SEEDED.phone } as const;

/** When, where and what happened, as the report form sends them (its second step without JavaScript). */
export const PLAIN_INCIDENT = {
  date: '2026-11-01',
  location: SEEDED.location,
  type: 'verbal',
  description: SEEDED.description,
} as const;

/** The questions of the report form's last step answered "no". */
export const PLAIN_NO_ANSWERS = { calledPolice: 'no', calledOrganisation: 'no', medicalTreatment: 'no' } as const;

/**
 * The answers of the last step of the report form without JavaScript (decision 0021), as a browser
 * sends them: the questions answered "no", no sharing, the terms accepted.
 */
export const PLAIN_LAST_STEP = {
  step: '2',
  intent: 'send',
  ...PLAIN_NO_ANSWERS,
  sharingConsent: 'no',
  termsAccepted: 'on',
} as const;

export function reportPayload(overrides: Record<string, unknown> = {}) {
  return {
    language: 'nl',
    anonymous: false,
    firstName: SEEDED.firstName,
    lastName: SEEDED.lastName,
    phone: SEEDED.phone,
    email: SEEDED.email,
    address: SEEDED.address,
    date: '2026-11-01',
    time: '08:15',
    location: SEEDED.location,
    type: 'verbal',
    description: SEEDED.description,
    calledPolice: 'yes',
    policeReportNumber: SEEDED.policeReportNumber,
    calledOrganisation: 'no',
    medicalTreatment: 'no',
    sharingConsent: 'ask-first',
    termsAccepted: true,
    ...overrides,
  };
}

export type FilePart = { name: string; data: Buffer; type?: string };
export type ApiBody = {
  ok?: boolean;
  receipt?: string;
  error: { code: string; fields?: Record<string, string>; file?: number };
};

export async function postReport(
  baseUrl: string,
  parts: { payload?: unknown; altcha?: string; website?: string; files?: FilePart[]; raw?: Record<string, string> },
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  if (parts.payload !== undefined) form.set('payload', JSON.stringify(parts.payload));
  if (parts.altcha !== undefined) form.set('altcha', parts.altcha);
  if (parts.website !== undefined) form.set(HONEYPOT_FIELD, parts.website);
  for (const [name, value] of Object.entries(parts.raw ?? {})) form.set(name, value);
  for (const file of parts.files ?? []) {
    form.append(
      'attachments',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const response = await fetch(`${baseUrl}/api/reports`, { method: 'POST', body: form, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => null)) as ApiBody,
  };
}

/**
 * A data dump of the whole database: pg_dump itself when this machine's client can dump the server
 * (the external PostgreSQL 15); for the embedded PostgreSQL 18, whose packages ship no pg_dump, every
 * row of every table as text, which is what a data-only dump holds.
 */
export async function dumpDatabase(server: { database: { pool: pg.Pool; url: string } }): Promise<string> {
  if (process.env.TEST_DB_TARGET === 'external') {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', server.database.url], {
      maxBuffer: 64 << 20,
    });
    return stdout;
  }
  const tables = await server.database.pool.query<{ schemaname: string; tablename: string }>(
    "select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle')",
  );
  let dump = '';
  for (const { schemaname, tablename } of tables.rows) {
    const rows = await server.database.pool.query(
      `select row_to_json(t)::text as line from "${schemaname}"."${tablename}" t`,
    );
    dump += rows.rows.map((row) => row.line).join('\n');
  }
  return dump;
}
