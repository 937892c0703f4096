import type { ClassificationInput } from '@app/core/casework/casework.schema';
import type { StaffOperations } from '@app/core/staff/staff-operations';

/**
 * Classifies a report's incident as a coordinator would before verifying it (decision 0044: an
 * incident is verified only with a category), from its page as it is now. `reports` are the
 * operations of a member who may classify.
 */
export async function classifyIncidentOf(
  reports: StaffOperations['reports'],
  reportId: string,
  choices: Partial<Omit<ClassificationInput, 'incident' | 'revision'>> = {},
): Promise<void> {
  const { incident } = await reports.open(reportId);
  await reports.classifyIncident(reportId, {
    incident: incident.id,
    revision: String(incident.revision),
    category: 'abusive_behaviour',
    manifestations: ['modern'],
    target: '',
    knownThrough: '',
    placeType: '',
    tags: [],
    ...choices,
  });
}

/**
 * Verifies a report that is in review, as a coordinator would: its incident classified first, its
 * place the municipality given (Gent unless the test says otherwise) in East Flanders.
 */
export async function verifyInReview(reports: StaffOperations['reports'], reportId: string, municipality = 'Gent') {
  await classifyIncidentOf(reports, reportId);
  await reports.changeStatus(reportId, { from: 'in_review', to: 'verified', municipality, province: 'east_flanders' });
}
