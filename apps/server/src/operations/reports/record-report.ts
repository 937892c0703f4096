import { randomUUID } from 'node:crypto';
import {
  type RecordedReport,
  type RecordedReportInput,
  STAFF_RECORDED_SOURCES,
  type StaffRecordedSource,
} from '@app/core/casework/report-sources';
import { AppError } from '@app/core/errors/app-error';
import type { FieldErrors } from '@app/core/errors/field-errors';
import { validateReport } from '@app/core/forms/report.schema';
import { insertReportRows, isUrgentReport } from '../../services/intake/submit-report.ts';
import { type Actor, auditReport, authorize, type OperationDeps } from '../operation-context.ts';

/** The channel, checked as the form's own fields are: a field code, never a sentence. */
function sourceProblem(source: unknown): FieldErrors {
  if (source === undefined || source === '') return { source: 'required' };
  return (STAFF_RECORDED_SOURCES as readonly unknown[]).includes(source) ? {} : { source: 'invalidChoice' };
}

/**
 * Records a report that reached the organisation by another channel than the web form (issue 25
 * item 3, decision 0051): by phone, in person, by e-mail, WhatsApp or Signal, from the police, a
 * partner organisation, the press, online monitoring or a patrol. Permission: reports:record
 * (coordinators and admins).
 *
 * The report's fields are the web form's, checked by the same `validateReport` (its field codes, all
 * problems at once, nothing written); the identity is optional and sealed exactly as the web form
 * seals it, with the consent as the person gave it, because the rows are written by the intake's
 * own `insertReportRows`. The report makes its own incident (the trigger, decision 0037) and counts
 * like any other. A receipt is made only when the person wants one: it is answered once, to be
 * printed or read out, and only its hash is kept, so the follow-up page opens it like any other;
 * without one the report has no receipt at all. One transaction writes the report and the audit row
 * `report.recorded` (the source and whether a receipt was made: nothing personal).
 */
export async function recordReport(
  deps: OperationDeps,
  actor: Actor,
  input: RecordedReportInput,
): Promise<RecordedReport> {
  await authorize(deps, actor, 'reports:record');
  if (!deps.intake) throw new Error('recordReport needs the intake (receipts, urgent types): only the site has it');
  const { receipts, urgentIncidentTypes } = deps.intake;
  const checked = validateReport(input.report);
  const errors: FieldErrors = { ...(checked.success ? {} : checked.errors), ...sourceProblem(input.source) };
  if (typeof input.receipt !== 'boolean') errors.receipt = 'invalidChoice';
  if (!checked.success || Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fields: errors });
  const report = checked.data;
  const source = input.source as StaffRecordedSource;

  const reportId = randomUUID();
  const receipt = input.receipt ? receipts.generate() : null;
  const receiptHash = receipt ? await receipts.hash(receipt) : null;
  await deps.db.transaction(async (tx) => {
    await insertReportRows(tx, deps.encryption, {
      reportId,
      input: report,
      // A member recorded it: no honeypot, no proof of work to hold it back, and it says so (decision 0057).
      isQuarantined: false,
      spamCheck: 'staff-recorded',
      receiptHash,
      isUrgent: isUrgentReport(report, urgentIncidentTypes, false),
      source,
      recordedBy: actor.id,
    });
    await auditReport(deps, tx, actor, 'report.recorded', reportId, { source, receipt: receipt !== null });
  });
  return { reportId, receipt };
}
