import { type FilePart, postReport, reportPayload, solveAltcha } from '../apps/server/src/test/submission-helpers.ts';
import { reportIdByReceipt } from './database.ts';
import { expect } from './fixtures.ts';

/**
 * A report sent through the API as a reporter's browser sends it (with its proof of work), with
 * `fields` over the defaults of `reportPayload`: its id, found by the receipt it was given (never by
 * a date or a value another test may share), and that receipt.
 */
export async function sendReport(
  baseURL: string,
  fields: Record<string, unknown>,
  files?: FilePart[],
): Promise<{ id: string; receipt: string }> {
  const sent = await postReport(baseURL, { payload: reportPayload(fields), altcha: await solveAltcha(baseURL), files });
  expect(sent.status).toBe(201);
  const receipt = sent.body.receipt ?? '';
  return { id: await reportIdByReceipt(receipt), receipt };
}
