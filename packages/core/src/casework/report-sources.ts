/**
 * How a report reached the organisation (issue 25 item 3, decision 0051): the web form, or one of
 * the channels staff record a report from. A closed set, enforced by a CHECK on `report.source`;
 * each value has its name in five languages (`casework.sources.<value>` in the internal messages).
 * Nothing here imports zod, so the staff pages can list the sources without loading validation.
 */
export const REPORT_SOURCES = [
  'web',
  'phone',
  'in_person',
  'email',
  'whatsapp',
  'signal',
  'police',
  'partner',
  'press',
  'online_monitoring',
  'patrol',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** The reports sent through the site's own form; every other source is recorded by a staff member. */
export const WEB_SOURCE = 'web' satisfies ReportSource;

/** The channels a coordinator records a report from (everything but the web form). */
export const STAFF_RECORDED_SOURCES = REPORT_SOURCES.filter(
  (source): source is Exclude<ReportSource, typeof WEB_SOURCE> => source !== WEB_SOURCE,
);
export type StaffRecordedSource = (typeof STAFF_RECORDED_SOURCES)[number];

export function isReportSource(value: unknown): value is ReportSource {
  return typeof value === 'string' && (REPORT_SOURCES as readonly string[]).includes(value);
}

/**
 * What a coordinator sends beside the report's own fields (which are the web form's, checked by
 * `validateReport`): the channel it came through, and whether the person wants a receipt.
 */
export type RecordedReportInput = {
  /** The web form's fields, as the public form sends them (`validateReport` checks them). */
  report: unknown;
  source: unknown;
  /** `true`: a receipt is made and shown once, to be printed or read out; otherwise none exists. */
  receipt: unknown;
};

/** What recording answers: the report, and its receipt when one was asked for (shown once, never kept). */
export type RecordedReport = { reportId: string; receipt: string | null };
