import { type ReportInput, validateReport } from '@app/core/forms/report.schema';
import { type ReportFormValues, toReportInput } from './report-values.ts';

/**
 * The form's values checked with the server's own rules. Its own module, imported when the form
 * first checks something (shared/forms/core-resolver.ts), so zod and the phone number rules are
 * not part of the page's first load.
 */
export function validateReportForm(values: ReportFormValues, language: string) {
  return validateReport(toReportInput(values, language)) as ReturnType<typeof validateReport> & { data?: ReportInput };
}
