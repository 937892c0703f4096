import type { ThreadAuthor } from '../forms/follow-up.ts';
import type { IncidentType } from '../forms/incident-types.ts';
import type { ReportSpamCheck } from '../forms/plain-forms.ts';
import type { OnlinePlatform, SharingConsent } from '../forms/report-questions.ts';
import type { Arrondissement, DatePrecision, PlacePrecision } from './arrondissements.ts';
import type {
  IncidentCategory,
  IncidentClassification,
  IncidentManifestation,
  IncidentTagView,
  IncidentTarget,
  KnownThrough,
  PlaceType,
} from './classification.ts';
import type { ReportReminder } from './reminders.ts';
import type { ReportSource } from './report-sources.ts';
import type { RejectionReason } from './report-workflow.ts';
import type { ReporterControlView } from './reporter-control.ts';
import type { LegalHoldView } from './retention.ts';
import type { Province, ReportStatus } from './statuses.ts';

/** The report list's filters, as the page's query string gives them. */
export type ReportListFilter = {
  status?: ReportStatus;
  type?: IncidentType;
  /** Incident date range, inclusive, YYYY-MM-DD. */
  from?: string;
  to?: string;
  anonymous?: 'yes' | 'no';
  attachments?: 'yes' | 'no';
  /** Reports whose honeypot was filled are kept apart and shown only when asked for. */
  quarantined?: boolean;
  /**
   * `form-token`: only the reports sent without JavaScript, without the automatic check (decision 0021);
   * `staff-recorded`: only those a member recorded, which no check applies to (decision 0057).
   */
  spamCheck?: ReportSpamCheck;
  /** How the report reached us (decision 0051). */
  source?: ReportSource;
  /** The classification of the report's incident (decision 0044); `none`: not recorded. */
  category?: IncidentCategory | 'none';
  manifestation?: IncidentManifestation | 'none';
  target?: IncidentTarget | 'none';
  knownThrough?: KnownThrough | 'none';
  placeType?: PlaceType | 'none';
  /** A tag's id. */
  tag?: string;
  /** An early warning's id (decision 0052): the reports of its incidents. */
  warning?: string;
  sort: 'received-desc' | 'received-asc' | 'incident-desc' | 'incident-asc';
  page: number;
  /**
   * Words the reports must hold in their sealed texts (decision 0055). Never read from or written
   * to an address: it comes from a posted form or a saved view, so it reaches no log or history.
   */
  search?: string;
  /**
   * Instead of `search`: a search the same member posted within `SEARCH_HANDLE_MINUTES`, by the id
   * of its sealed words (`ReportListPage.searchId`), to page through it (decision 0055). The id
   * says nothing of the words, so it may stand in an address.
   */
  searchId?: string;
};

export type ReportListItem = {
  id: string;
  receivedAt: string;
  incidentDate: string;
  incidentType: string;
  status: ReportStatus;
  isAnonymous: boolean;
  attachmentCount: number;
  assignedTo: string | null;
  isPublished: boolean;
  /** How the submission proved it was not a bot: `form-token` was sent without the automatic check. */
  spamCheck: ReportSpamCheck;
  /** How the report reached us: the web form, or a channel a staff member recorded it from (decision 0051). */
  source: ReportSource;
};

export type ReportListPage = {
  items: ReportListItem[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tag, disabled ones too, for the tag filter (decision 0044). */
  tags: IncidentTagView[];
  /** The search the items answer, as the member typed it (only to them, only in this answer). */
  search?: string;
  /** With a search: the handle that pages through it (`ReportListFilter.searchId`). */
  searchId?: string;
};

/** One time a member looked at a report (decision 0049). */
export type ReportAccessEntry = {
  at: string;
  /** The member's name; null when the account is gone. */
  memberName: string | null;
  what: 'report' | 'file' | 'identity';
};

export type ReportDetail = {
  id: string;
  receivedAt: string;
  language: string;
  status: ReportStatus;
  allowedTransitions: ReportStatus[];
  rejectionReason: RejectionReason | null;
  assignedTo: { id: string; name: string } | null;
  isAnonymous: boolean;
  isQuarantined: boolean;
  spamCheck: ReportSpamCheck;
  /** How the report reached us, and who recorded it when it did not come through the web form (decision 0051). */
  source: ReportSource;
  recordedBy: { id: string; name: string } | null;
  /** When the retention job erased the personal data and free texts, if it did. */
  personalDataErasedAt: string | null;
  /** Its legal hold, or the day its personal data falls due for erasure (null: not scheduled). */
  retention?: { legalHold: LegalHoldView | null; erasureDueAt: string | null };
  /** What left the organisation, the reporter's withdrawn consent and request for erasure (decision 0046). */
  reporterControl?: ReporterControlView;
  /** Who opened the report, its files and its reporter's identity, newest first (decision 0049): admins only. */
  accessLog?: ReportAccessEntry[];
  incidentDate: string;
  incidentTime: string | null;
  location: string;
  incidentType: string;
  description: string;
  calledPolice: boolean;
  policeReportNumber: string | null;
  calledOrganisation: boolean;
  medicalTreatment: boolean;
  /** "Is the threat still going on?": null when the reporter did not know or did not say, and on old reports. */
  threatOngoing: boolean | null;
  /** May the report go to the police or to Unia (sealed at rest); null for reports sent before the question. */
  sharingConsent: SharingConsent | null;
  /** Online incidents: the addresses of the content, as the reporter typed them (never fetched). */
  onlineUrls: string[];
  onlinePlatform: OnlinePlatform | null;
  /** Urgent (an urgent type, or a threat going on); `urgentTakenAt` once assigned or its status changed. */
  isUrgent: boolean;
  urgentTakenAt: string | null;
  /** Where it happened, as staff recorded it on the report's incident. */
  municipality: string | null;
  province: Province | null;
  /** The municipality's arrondissement (decision 0047); null for old incidents and outside Flanders and Brussels. */
  arrondissement: Arrondissement | null;
  /** The incident the report is part of (decision 0037). */
  incident: ReportIncident;
  /**
   * `metadataRemoved`: the stored file was cleaned of metadata as it arrived (decision 0031). False
   * only for a PDF received before PDFs were cleaned, until `npm run clean-old-pdfs` cleans it.
   */
  attachments: { id: string; contentType: string; size: number; isImage: boolean; metadataRemoved: boolean }[];
  history: { from: ReportStatus; to: ReportStatus; reason: string | null; actor: string | null; at: string }[];
  notes: { id: string; author: string | null; createdAt: string; body: string }[];
  /** Reminders set on the report, by day (the oldest first); done ones after the open ones. */
  reminders: ReportReminder[];
  /** The thread with the reporter (the follow-up page): null for a report sent without a receipt. */
  thread: { messages: StaffThreadMessage[] } | null;
  publication: {
    municipality: string;
    province: Province;
    arrondissement: Arrondissement | null;
    /** How precisely the public list shows it (decision 0047). */
    datePrecision: DatePrecision;
    placePrecision: PlacePrecision;
    summaries: Record<string, string>;
    originalLanguage: string;
    publishedAt: string;
  } | null;
};

/**
 * The incident a report is part of, as its page shows it: whether it counts, and its other reports
 * (their ids and when they arrived, nothing of their content: each opens on its own page).
 */
export type ReportIncident = {
  id: string;
  /** Raised by every change staff make to the incident; the link and split forms name it. */
  revision: number;
  /** Whether it counts in the figures (one of its reports is a verified incident). */
  counts: boolean;
  isPublished: boolean;
  /** The staff's classification (decision 0044). */
  classification: IncidentClassification;
  /** The tags its form offers: the enabled ones, and disabled ones the incident has. */
  tagChoices: IncidentTagView[];
  otherReports: { id: string; receivedAt: string; status: ReportStatus }[];
};

/** Why an incident is suggested as the same event (decision 0043). */
export type SuggestionReason = 'place-date-type' | 'online-address';

/**
 * An incident that may be the same event as a report's incident, as its page shows it: why, and
 * what staff recorded of it (date, type, place, whether it counts, how many reports); never
 * anything a reporter wrote or who they are, and never the address that matched.
 */
export type IncidentSuggestion = {
  incidentId: string;
  reasons: SuggestionReason[];
  incidentDate: string;
  incidentType: IncidentType;
  municipality: string | null;
  counts: boolean;
  reportCount: number;
  /**
   * Its earliest report, whose page opens it and which a link names; absent for a role that may
   * not read reports.
   */
  reportId?: string;
};

export type StaffThreadMessage = {
  id: string;
  author: ThreadAuthor;
  /** The staff member who wrote it (staff see it; the reporter never does). */
  staffName: string | null;
  at: string;
  /** Null for the automatic messages (the acknowledgement, the support question). */
  body: string | null;
  /** Which automatic message it is (decision 0053); absent for the acknowledgement and every written message. */
  systemText?: 'support-question';
  attachments: ReportDetail['attachments'];
  /** A reporter's message no staff member had opened before this view. */
  isUnread: boolean;
};

/** The reporter's identity, shown only on an explicit, audited action. */
export type ReporterIdentity = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
};

/** A row of the report list's CSV export: no personal data, no free text from the reporter. */
export type ReportExportRow = {
  id: string;
  /** The incident the report is part of (decision 0037); reports of one incident share it. */
  incidentId: string;
  receivedAt: string;
  incidentDate: string;
  incidentType: string;
  status: ReportStatus;
  rejectionReason: string | null;
  isAnonymous: boolean;
  calledPolice: boolean;
  calledOrganisation: boolean;
  medicalTreatment: boolean;
  threatOngoing: boolean | null;
  /** Sealed at rest; opened for the export, which only roles that may read reports can download. */
  sharingConsent: SharingConsent | null;
  onlinePlatform: OnlinePlatform | null;
  onlineUrls: string[];
  isUrgent: boolean;
  /** How the submission proved it was no robot: ALTCHA's proof of work, or the no-JavaScript form token. */
  spamCheck: ReportSpamCheck;
  /** How the report reached us (decision 0051). */
  source: ReportSource;
  /** The incident's place, as staff recorded it. */
  municipality: string | null;
  province: string | null;
  arrondissement: string | null;
  attachmentCount: number;
  /** Whether the report's incident is published. */
  isPublished: boolean;
  /** The classification of the report's incident (decision 0044); tags by their English names. */
  category: string | null;
  manifestations: string[];
  target: string | null;
  knownThrough: string | null;
  placeType: string | null;
  tags: string[];
};
