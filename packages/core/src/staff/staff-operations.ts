import type {
  ClassificationInput,
  IncidentDismissalInput,
  IncidentLinkInput,
  IncidentSplitInput,
  PublicationInput,
  ReportStatusChangeInput,
  TagNamesInput,
} from '../casework/casework.schema.ts';
import type {
  IncidentSuggestion,
  ReportDetail,
  ReportExportRow,
  ReporterIdentity,
  ReportListFilter,
  ReportListPage,
} from '../casework/casework-api.ts';
import type { IncidentTagView } from '../casework/classification.ts';
import type { EvidencePackInput, ProducedEvidencePack } from '../casework/evidence-pack.ts';
import type { InboxMessage, InboxPage } from '../casework/inbox-api.ts';
import type {
  PartnerInput,
  PartnerView,
  ReferralInput,
  ReferralUpdateInput,
  ReportReferrals,
} from '../casework/referrals.ts';
import type { RecordedReport, RecordedReportInput } from '../casework/report-sources.ts';
import type { ErasureAnswerInput } from '../casework/reporter-control.ts';
import type { SavedView, SavedViewInput } from '../casework/search.ts';
import type { MessageStatus } from '../casework/statuses.ts';
import type {
  SafetyPlanInput,
  SupportNeedsInput,
  SupportServiceInput,
  SupportWithdrawalInput,
} from '../casework/support.schema.ts';
import type { ReportSupport } from '../casework/support.ts';
import type { StatsRange, StatsResult } from '../figures/stats-api.ts';
import type { SpamCheck } from '../forms/plain-forms.ts';
import type { ContentKey, ContentVersion, CurrentContent, EmergencyNumbers } from '../site/content.ts';
import type { EarlyWarningAcknowledgement } from './early-warnings.ts';
import type { PasskeyCeremonyOptions, PasskeySummary } from './passkeys.ts';
import type { NewStaffInput, StaffRole } from './staff.ts';
import type {
  AuditFilter,
  AuditPage,
  DashboardData,
  RequestFacts,
  StaffIdentity,
  StaffMemberSummary,
} from './staff-api.ts';

/**
 * What a signed-in staff member can ask of the server: every operation already bound to that
 * member (the actor), built by the server after it resolved a complete session, and absent for
 * everyone else. Each operation checks the actor's permission itself, writes with a guarded
 * statement and its audit row in one transaction, and answers through a presenter that shapes the
 * result for the actor's role (docs/decisions/0017-operations-layer.md).
 *
 * Each fails one way (docs/decisions/0034-one-error-model.md): it throws an `AppError` with a code
 * of the catalogue, and returns its value plainly. `FORBIDDEN`: the actor may not (audited);
 * `NOT_FOUND`: nothing at the address the page or the API names (a report, a message, a member, a
 * text, a file); a section's code (`casework.noteRequired`, `reminders.conflict`): a rule of the
 * form, which the page shows as its sentence.
 */
export type StaffOperations = {
  actor: StaffIdentity;
  /** Every role: the figures, and for roles that may read them, the latest items. */
  dashboard(): Promise<DashboardData>;
  reports: {
    /** With `search`: only the reports whose sealed texts hold its words (decision 0055), audited. */
    list(filter: ReportListFilter): Promise<ReportListPage>;
    /** The member's own saved views of the list: filters and search (decision 0055). */
    views: {
      list(): Promise<SavedView[]>;
      /** One of the member's own views, to apply; `search.viewNotFound` for any other. */
      open(id: string): Promise<SavedView>;
      save(input: SavedViewInput): Promise<SavedView>;
      remove(id: string): Promise<void>;
    };
    /**
     * Records a report that came by phone, in person, e-mail… (decision 0051): the web form's
     * fields and rules, the source, and a receipt if the person wants one (answered once).
     */
    record(input: RecordedReportInput): Promise<RecordedReport>;
    /** A report's page; the reporter's messages count as read by staff from now on. */
    open(id: string): Promise<ReportDetail>;
    /** Members a report can be assigned to. */
    assignees(): Promise<{ id: string; name: string }[]>;
    /** The reporter's identity, on an explicit request that the audit log records. */
    revealReporter(id: string): Promise<ReporterIdentity>;
    changeStatus(id: string, input: ReportStatusChangeInput): Promise<void>;
    assign(id: string, staffId: string | null): Promise<void>;
    addNote(id: string, body: string): Promise<void>;
    reply(id: string, body: string): Promise<void>;
    publish(id: string, input: PublicationInput): Promise<void>;
    unpublish(id: string): Promise<void>;
    /** Links the report into the incident of another report, named by its number (decision 0037). */
    linkToIncident(id: string, input: IncidentLinkInput): Promise<void>;
    /** Splits the report out of its incident into an incident of its own. */
    splitFromIncident(id: string, input: IncidentSplitInput): Promise<void>;
    /**
     * Incidents that may be the same event as the report's incident (decision 0043): same place,
     * type and a date two days apart at most, or the same online address; not those dismissed.
     */
    suggestedIncidents(id: string): Promise<IncidentSuggestion[]>;
    /** Not the same event: the pair is not suggested again (audited). */
    dismissSuggestion(id: string, input: IncidentDismissalInput): Promise<void>;
    /** Classifies the report's incident: category, manifestations, target, how known, place type, tags (decision 0044). */
    classifyIncident(id: string, input: ClassificationInput): Promise<void>;
    /** A legal hold on a case under proceedings (decision 0040): set with a reason, reviewed yearly, lifted. */
    setLegalHold(id: string, input: { reason: string }): Promise<void>;
    reviewLegalHold(id: string): Promise<void>;
    liftLegalHold(id: string): Promise<void>;
    /** The answer to a reporter's request for erasure (decision 0046): erase now, or refuse with a reason. */
    answerErasureRequest(id: string, input: ErasureAnswerInput): Promise<void>;
    /** Every report the filter matches (at most 100,000), for the CSV export; audited. */
    export(filter: ReportListFilter): Promise<ReportExportRow[]>;
    /**
     * An evidence pack for the police or Unia, recorded in the audit log before it is returned;
     * the reporter's identity only with their consent and the coordinator's confirmation.
     */
    evidencePack(id: string, input: EvidencePackInput): Promise<ProducedEvidencePack>;
    /** One file of a report, as stored; `NOT_FOUND` when the report has no such file. */
    attachment(
      reportId: string,
      attachmentId: string,
    ): Promise<{ contentType: string; extension: string; data: Uint8Array }>;
  };
  reminders: {
    /** A reminder on a report: a day (today or later in Belgium) and a short note, sealed. */
    set(reportId: string, input: { dueOn: string; note: string }): Promise<void>;
    complete(reportId: string, reminderId: string): Promise<void>;
    remove(reportId: string, reminderId: string): Promise<void>;
  };
  account: {
    /** Whether this member gets the daily digest (only roles that may read reports can). */
    /** `digestHour`: the hour in Brussels the digest goes out at. */
    mailPreferences(): Promise<{ dailyDigest: boolean; digestHour: number }>;
    setDailyDigest(enabled: boolean): Promise<void>;
    /** The member's own passkeys (decision 0032). */
    passkeys(): Promise<PasskeySummary[]>;
    /** WebAuthn options to create a passkey for this member, and the cookie of the challenge. */
    passkeyRegistrationOptions(
      request: RequestFacts,
    ): Promise<{ options: PasskeyCeremonyOptions; setCookies: string[] }>;
    /** Verifies the device's answer and keeps the passkey under `name`; audited with it. */
    registerPasskey(
      input: { name: string; response: string },
      request: RequestFacts,
    ): Promise<{ id: string; setCookies: string[] }>;
    renamePasskey(id: string, name: string): Promise<void>;
    removePasskey(id: string): Promise<void>;
  };
  messages: {
    list(query: { status: MessageStatus; page: number; spamCheck?: SpamCheck }): Promise<InboxPage>;
    /** Opening a new message marks it read. */
    open(id: string): Promise<InboxMessage>;
    setStatus(id: string, status: MessageStatus): Promise<void>;
    remove(id: string): Promise<void>;
  };
  content: {
    current(language: string): Promise<CurrentContent>;
    history(key: ContentKey, language: string): Promise<ContentVersion[]>;
    /** A new version of the text (`content.tooLong`, `content.placeholderMissing`). */
    save(key: ContentKey, language: string, body: string): Promise<void>;
    restoreShipped(key: ContentKey, language: string): Promise<void>;
    /** An earlier version back in force, as a new version; `NOT_FOUND` for a version of another text. */
    restoreVersion(key: ContentKey, language: string, versionId: number): Promise<void>;
    emergencyNumbers(): Promise<EmergencyNumbers | undefined>;
    /** The numbers the emergency notice shows (`content.invalidNumber`). */
    setEmergencyNumbers(numbers: EmergencyNumbers): Promise<void>;
  };
  stats: {
    compute(range: StatsRange, months: 12 | 24): Promise<StatsResult>;
    /** The same figures, for the CSV download; audited. */
    export(range: StatsRange, months: 12 | 24): Promise<StatsResult>;
  };
  staff: {
    list(): Promise<StaffMemberSummary[]>;
    get(id: string): Promise<StaffMemberSummary>;
    create(input: NewStaffInput): Promise<{ id: string; setPasswordUrl: string }>;
    changeRole(id: string, role: StaffRole): Promise<void>;
    setDisabled(id: string, disabled: boolean): Promise<void>;
    resetTwoFactor(id: string): Promise<void>;
    issueSetPasswordLink(id: string): Promise<{ setPasswordUrl: string }>;
  };
  /** The tags of the classification, kept by admins (decision 0044); each change names the revision shown. */
  tags: {
    list(): Promise<IncidentTagView[]>;
    create(input: TagNamesInput): Promise<{ id: string }>;
    rename(id: string, input: TagNamesInput & { revision: string }): Promise<void>;
    setDisabled(id: string, input: { disabled: boolean; revision: string }): Promise<void>;
  };
  /** The directory of partner organisations, kept by admins (decision 0050); each change names the revision shown. */
  partners: {
    list(): Promise<PartnerView[]>;
    create(input: PartnerInput): Promise<{ id: string }>;
    update(id: string, input: PartnerInput & { revision: string }): Promise<void>;
    setDisabled(id: string, input: { disabled: boolean; revision: string }): Promise<void>;
  };
  /** Referrals of a report to partners (decision 0050), as the reporter's answer allows (decision 0048). */
  referrals: {
    /** The report's referrals, the enabled partners and the report's evidence packs. */
    forReport(reportId: string): Promise<ReportReferrals>;
    refer(reportId: string, input: ReferralInput): Promise<{ id: string }>;
    update(reportId: string, referralId: string, input: ReferralUpdateInput): Promise<void>;
  };
  /** Early warnings (decision 0052). */
  warnings: {
    /**
     * Acknowledges a warning at the count the page showed (`warnings.conflict` if it grew since,
     * `warnings.notFound` for no such warning); audited.
     */
    acknowledge(id: string, input: EarlyWarningAcknowledgement): Promise<void>;
  };
  /** Support given on a report (decision 0053): needs, services, the sealed safety plan; each change audited. */
  support: {
    forReport(reportId: string): Promise<ReportSupport>;
    setNeeds(reportId: string, input: SupportNeedsInput): Promise<void>;
    addService(reportId: string, input: SupportServiceInput): Promise<{ id: string }>;
    /** A service recorded by mistake: withdrawn with a reason, kept, left out of the statistics. */
    withdrawService(reportId: string, serviceId: string, input: SupportWithdrawalInput): Promise<void>;
    setSafetyPlan(reportId: string, input: SafetyPlanInput): Promise<void>;
  };
  audit: {
    list(filter: AuditFilter): Promise<AuditPage>;
    /** Everyone who may appear as an actor, for the log's filter. */
    actors(): Promise<{ id: string; name: string }[]>;
  };
};
