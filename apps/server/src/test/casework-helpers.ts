import { isAppError } from '@app/core/errors/app-error';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { storeReport } from './stored-report.ts';
import type { TestServer } from './test-server.ts';

/** What a refused operation threw: its code (or the error itself when it has none); 'done' when it did not refuse. */
export const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'done',
    (error: unknown) => (isAppError(error) ? error.code : error),
  );

/**
 * The casework tests' helpers on the file's site (`server()`, once started): a member's report
 * operations (the coordinator's unless another is named), rows of a query, a new report of
 * `reportDate` unless the test says otherwise, and the incident a report is in.
 */
export function caseworkHelpers(server: () => TestServer, coordinator: () => StaffIdentity, reportDate: string) {
  const ops = (member: StaffIdentity = coordinator()) => server().services.operationsFor(member).reports;
  const query = async <T>(sql: string, values: unknown[] = []) =>
    (await server().database.pool.query(sql, values)).rows as T[];
  const newReport = (overrides: Record<string, unknown> = {}) =>
    storeReport(server().services, { date: reportDate, ...overrides });
  const incidentOf = async (id: string) =>
    (await query<{ incident_id: string }>('select incident_id from report where id = $1', [id]))[0]?.incident_id ?? '';
  return { ops, query, newReport, incidentOf };
}
