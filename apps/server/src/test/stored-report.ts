import { validateReport } from '@app/core/forms/report.schema';
import { submitReport } from '../services/intake/submit-report.ts';
import type { PreparedAttachment } from '../uploads/attachment.ts';
import { reportPayload } from './submission-helpers.ts';

/**
 * A report as the public form sends it (reportPayload with the test's own answers), stored as the
 * site stores one that passed its checks; its id.
 */
export async function storeReport(
  services: Parameters<typeof submitReport>[0],
  answers: Record<string, unknown> = {},
  files: PreparedAttachment[] = [],
): Promise<string> {
  const input = validateReport(reportPayload(answers));
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  return (await submitReport(services, input.data, files, { isQuarantined: false })).reportId;
}
