import type { PublicationInput, ReportStatusChangeInput } from './casework.schema.ts';
import type {
  CaseworkResult,
  ReportDetail,
  ReportExportRow,
  ReporterIdentity,
  ReportListFilter,
  ReportListPage,
} from './casework-api.ts';
import type { ContentErrorCode, ContentKey, ContentVersion, CurrentContent, EmergencyNumbers } from './content.ts';
import type { EvidencePackInput, EvidencePackResult } from './evidence-pack.ts';
import type { InboxMessage, InboxPage } from './inbox-api.ts';
import type { PasskeyCeremonyOptions, PasskeyResult, PasskeySummary } from './passkeys.ts';
import type { SpamCheck } from './plain-forms.ts';
import type { ReminderResult } from './reminders.ts';
import type { NewStaffInput, StaffRole } from './staff.ts';
import type {
  AuditFilter,
  AuditPage,
  DashboardData,
  RequestFacts,
  StaffChange,
  StaffIdentity,
  StaffMemberSummary,
} from './staff-api.ts';
import type { StatsRange, StatsResult } from './stats-api.ts';
import type { MessageStatus } from './statuses.ts';

/**
 * What a signed-in staff member can ask of the server: every operation already bound to that
 * member (the actor), built by the server after it resolved a complete session, and absent for
 * everyone else. Each operation checks the actor's permission itself, writes with a guarded
 * statement and its audit row in one transaction, and answers through a presenter that shapes the
 * result for the actor's role (docs/decisions/0017-operations-layer.md).
 *
 * A refused permission is thrown as a 403 `Response` (React Router and Express both answer it as
 * it is); a rule that is not met is a result with an error code the page translates.
 */
export type StaffOperations = {
  actor: StaffIdentity;
  /** Every role: the figures, and for roles that may read them, the latest items. */
  dashboard(): Promise<DashboardData>;
  reports: {
    list(filter: ReportListFilter): Promise<ReportListPage>;
    /** A report's page; the reporter's messages count as read by staff from now on. */
    open(id: string): Promise<ReportDetail | undefined>;
    /** Members a report can be assigned to. */
    assignees(): Promise<{ id: string; name: string }[]>;
    /** The reporter's identity, on an explicit request that the audit log records. */
    revealReporter(id: string): Promise<ReporterIdentity | undefined>;
    changeStatus(id: string, input: ReportStatusChangeInput): Promise<CaseworkResult>;
    assign(id: string, staffId: string | null): Promise<CaseworkResult>;
    addNote(id: string, body: string): Promise<CaseworkResult>;
    reply(id: string, body: string): Promise<CaseworkResult>;
    publish(id: string, input: PublicationInput): Promise<CaseworkResult>;
    unpublish(id: string): Promise<CaseworkResult>;
    /** Every report the filter matches (at most 100,000), for the CSV export; audited. */
    export(filter: ReportListFilter): Promise<ReportExportRow[]>;
    /**
     * An evidence pack for the police or Unia, recorded in the audit log before it is returned;
     * the reporter's identity only with their consent and the coordinator's confirmation.
     */
    evidencePack(id: string, input: EvidencePackInput): Promise<EvidencePackResult>;
    /** One file of a report, as stored; undefined when the report has no such file. */
    attachment(
      reportId: string,
      attachmentId: string,
    ): Promise<{ contentType: string; extension: string; data: Uint8Array } | undefined>;
  };
  reminders: {
    /** A reminder on a report: a day (today or later in Belgium) and a short note, sealed. */
    set(reportId: string, input: { dueOn: string; note: string }): Promise<ReminderResult>;
    complete(reportId: string, reminderId: string): Promise<ReminderResult>;
    remove(reportId: string, reminderId: string): Promise<ReminderResult>;
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
    ): Promise<PasskeyResult<{ id: string; setCookies: string[] }>>;
    renamePasskey(id: string, name: string): Promise<PasskeyResult>;
    removePasskey(id: string): Promise<PasskeyResult>;
  };
  messages: {
    list(query: { status: MessageStatus; page: number; spamCheck?: SpamCheck }): Promise<InboxPage>;
    /** Opening a new message marks it read. */
    open(id: string): Promise<InboxMessage | undefined>;
    setStatus(id: string, status: MessageStatus): Promise<boolean>;
    remove(id: string): Promise<boolean>;
  };
  content: {
    current(language: string): Promise<CurrentContent>;
    history(key: ContentKey, language: string): Promise<ContentVersion[]>;
    save(
      key: ContentKey,
      language: string,
      body: string,
    ): Promise<{ ok: true } | { ok: false; code: Exclude<ContentErrorCode, 'invalidNumber'> }>;
    restoreShipped(key: ContentKey, language: string): Promise<void>;
    /** An earlier version back in force, as a new version; 404 for a version of another text. */
    restoreVersion(key: ContentKey, language: string, versionId: number): Promise<void>;
    emergencyNumbers(): Promise<EmergencyNumbers | undefined>;
    setEmergencyNumbers(numbers: EmergencyNumbers): Promise<{ ok: true } | { ok: false; code: 'invalidNumber' }>;
  };
  stats: {
    compute(range: StatsRange, months: 12 | 24): Promise<StatsResult>;
    /** The same figures, for the CSV download; audited. */
    export(range: StatsRange, months: 12 | 24): Promise<StatsResult>;
  };
  staff: {
    list(): Promise<StaffMemberSummary[]>;
    get(id: string): Promise<StaffMemberSummary | undefined>;
    create(input: NewStaffInput): Promise<StaffChange<{ id: string; setPasswordUrl: string }>>;
    changeRole(id: string, role: StaffRole): Promise<StaffChange>;
    setDisabled(id: string, disabled: boolean): Promise<StaffChange>;
    resetTwoFactor(id: string): Promise<StaffChange>;
    issueSetPasswordLink(id: string): Promise<StaffChange<{ setPasswordUrl: string }>>;
  };
  audit: {
    list(filter: AuditFilter): Promise<AuditPage>;
    /** Everyone who may appear as an actor, for the log's filter. */
    actors(): Promise<{ id: string; name: string }[]>;
  };
};
