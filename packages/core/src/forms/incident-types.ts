/** The spec's seven incident types; each is shown with its meaning (`incidentTypes.<type>.meaning`). */
export const INCIDENT_TYPES = ['verbal', 'physical', 'online', 'letter', 'harassment', 'provocation', 'other'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
