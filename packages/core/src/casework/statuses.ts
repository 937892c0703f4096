/**
 * Where a report stands. The transitions between them (new → in review → verified or rejected →
 * closed) are the report service's business; the names are shared with the pages.
 */
export const REPORT_STATUSES = ['new', 'in_review', 'verified', 'rejected', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A contact message is new until someone opens it; archived ones leave the inbox. */
export const MESSAGE_STATUSES = ['new', 'read', 'archived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The public count and the dashboard count incidents whose date lies in this many last days. */
export const INCIDENT_COUNT_WINDOW_DAYS = 30;

/** Where an incident happened, coarsely: the five Flemish provinces, Brussels, the rest of Belgium. */
export const PROVINCES = [
  'antwerp',
  'east_flanders',
  'flemish_brabant',
  'limburg',
  'west_flanders',
  'brussels',
  'elsewhere_in_belgium',
] as const;
export type Province = (typeof PROVINCES)[number];
