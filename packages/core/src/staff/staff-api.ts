import type { DueReferral } from '../casework/referrals.ts';
import type { DueReminder } from '../casework/reminders.ts';
import type { DashboardAlert } from './alerts.ts';
import type { DashboardEarlyWarning } from './early-warnings.ts';
import type { PasskeyCeremonyOptions } from './passkeys.ts';
import type { AuditAction, AuditActorKind, SignInErrorCode, StaffRole } from './staff.ts';

/**
 * The contract between the internal pages (loaders and actions in apps/web) and the server's
 * staff side: the web app calls these through its request context and never touches the
 * database. Everything here is plain data that may be sent to the browser of that staff member.
 */

export type StaffIdentity = { id: string; name: string; email: string; role: StaffRole };

/** Who is signed in on this request, as the server found it before any page ran. */
export type StaffSessionState =
  | { state: 'anonymous'; reason?: 'idle' | 'expired' }
  /** Password accepted, but no second factor set up yet: only the enrolment page opens. */
  | { state: 'needs-enrolment'; staff: StaffIdentity }
  | { state: 'signed-in'; staff: StaffIdentity };

/** What an action hands back to the browser: cookies to set, and either success or a code. */
export type AuthOutcome<T = object> =
  | ({ ok: true; setCookies: string[] } & T)
  | { ok: false; code: SignInErrorCode; setCookies: string[]; retryAfterSeconds?: number };

export type RequestFacts = { headers: Headers; clientIp: string | undefined };

export type StaffMemberSummary = StaffIdentity & {
  disabled: boolean;
  twoFactorEnabled: boolean;
  hasPassword: boolean;
  /** How many passkeys the member has registered (decision 0032). */
  passkeys: number;
  createdAt: string;
  lastSignInAt: string | null;
};

export type AuditEntry = {
  id: number;
  occurredAt: string;
  actor: { id: string; name: string; email: string } | null;
  /** `member` exactly when `actor` is set. */
  actorKind: AuditActorKind;
  action: AuditAction;
  subjectType: string | null;
  subjectId: string | null;
  /** For a subject that is a staff member: their name, to read the log without looking ids up. */
  subjectLabel: string | null;
  details: Record<string, string | number | boolean | null>;
};

export type AuditFilter = {
  action?: AuditAction;
  actorId?: string;
  /** Inclusive days, YYYY-MM-DD, in Europe/Brussels. */
  from?: string;
  to?: string;
  page: number;
};

export type AuditPage = { entries: AuditEntry[]; total: number; page: number; pageSize: number };

export type DashboardReport = {
  id: string;
  receivedAt: string;
  incidentType: string;
  status: string;
  isAnonymous: boolean;
  attachmentCount: number;
};

export type DashboardMessage = {
  id: string;
  receivedAt: string;
  status: string;
  /** Only for roles that may read messages. */
  senderName?: string;
};

export type DashboardData = {
  newReports: number;
  reportsInReview: number;
  unreadMessages: number;
  incidentsLast30Days: number;
  latestReports: DashboardReport[];
  latestMessages: DashboardMessage[];
  /**
   * Reports with messages from their reporter that no staff member has opened yet, newest first;
   * absent for a role that may not read reports.
   */
  unreadReplies?: { count: number; reports: DashboardReply[] };
  /**
   * The reminders due today or earlier on the reports this member is assigned to, or on reports
   * assigned to nobody (for every coordinator and admin), oldest first; absent for a role that may
   * not read reports.
   */
  dueReminders?: { count: number; reminders: DueReminder[] };
  /**
   * Referrals still without the partner's first answer after REFERRAL_ANSWER_WORKING_DAYS (decision
   * 0050), on reports assigned to this member or to nobody, oldest first; absent for a role that
   * may not refer.
   */
  dueReferrals?: { count: number; referrals: DueReferral[] };
  /**
   * Reports past or near the promise to answer them, and reporter messages waiting for a staff
   * answer, oldest first; absent for a role that may not read reports. Dates, types and working
   * days only: nothing personal, no report text.
   */
  responseTimes?: DashboardResponseTimes;
  /** Open operational alerts (decision 0030), oldest first; for administrators only. */
  alerts?: DashboardAlert[];
  /**
   * Early warnings (decision 0052) not yet acknowledged, or grown since, newest first; absent for
   * a role that may not acknowledge them (viewers).
   */
  earlyWarnings?: DashboardEarlyWarning[];
  /**
   * Urgent reports nobody has taken yet (assigned or moved on from "new", decision 0024), oldest
   * first; absent for a role that may not read reports.
   */
  urgentReports?: DashboardUrgentReport[];
  /**
   * Retention (decision 0040): the legal holds, those due for review first, and the reports whose
   * personal data is erased within 14 days; absent for a role that may not read reports.
   */
  retention?: DashboardRetention;
};

export type DashboardRetention = {
  /** Reporters' requests for erasure without an answer, the oldest (soonest due) first. */
  erasureRequests: {
    reportId: string;
    receivedAt: string;
    incidentType: string;
    requestedAt: string;
    /** ERASURE_ANSWER_WORKING_DAYS Belgian working days after the request. */
    answerDueAt: string;
    overdue: boolean;
  }[];
  holds: {
    reportId: string;
    receivedAt: string;
    incidentType: string;
    setAt: string;
    reviewDueAt: string;
    reviewDue: boolean;
  }[];
  erasuresSoon: { reportId: string; receivedAt: string; incidentType: string; status: string; dueAt: string }[];
};

export type DashboardUrgentReport = {
  id: string;
  receivedAt: string;
  incidentType: string;
  /** The reporter said the threat is still going on (else the type made it urgent). */
  threatOngoing: boolean;
};

export type DashboardResponseTimes = {
  promiseWorkingDays: number;
  /** Reports without a first response whose promise has run out. */
  overdue: { count: number; reports: DashboardWaitingReport[] };
  /** Reports without a first response whose promise runs out within the next working day. */
  dueSoon: { count: number; reports: DashboardWaitingReport[] };
  /** Reports whose reporter wrote after the last staff message (or before any). */
  waitingMessages: { count: number; reports: DashboardWaitingMessage[] };
};

export type DashboardWaitingReport = {
  reportId: string;
  receivedAt: string;
  incidentType: string;
  /** When the promise runs (or ran) out. */
  dueAt: string;
  /** Working days since the report arrived, counted as the promise counts them. */
  workingDaysWaited: number;
};

export type DashboardWaitingMessage = {
  reportId: string;
  incidentType: string;
  /** The first of the reporter's messages since the last staff message. */
  waitingSince: string;
  workingDaysWaited: number;
  /** The reporter's messages since the last staff message. */
  messages: number;
};

export type DashboardReply = {
  reportId: string;
  reportReceivedAt: string;
  incidentType: string;
  /** When the newest unread message arrived. */
  lastMessageAt: string;
  unread: number;
};

export type EnrolmentDetails = { otpauthUri: string; secret: string; qrCodeSvg: string };

/**
 * The sign-in steps and the member's own account, for the staff area's pages before and around a
 * complete session. Everything a member does once signed in goes through their `StaffOperations`.
 */
export type StaffAuthForWeb = {
  signIn(
    input: { email: string; password: string },
    request: RequestFacts,
  ): Promise<AuthOutcome<{ next: 'two-factor' | 'enrol' }>>;
  verifyTotp(code: string, request: RequestFacts): Promise<AuthOutcome>;
  verifyRecoveryCode(code: string, request: RequestFacts): Promise<AuthOutcome>;
  /** Whether this browser is in the middle of a sign-in (password accepted, code expected). */
  hasPendingChallenge(request: RequestFacts): Promise<boolean>;
  enrolment(staff: StaffIdentity, request: RequestFacts): Promise<EnrolmentDetails>;
  confirmEnrolment(
    staff: StaffIdentity,
    code: string,
    request: RequestFacts,
  ): Promise<AuthOutcome<{ recoveryCodes: string[] }>>;
  signOut(staff: StaffIdentity | undefined, request: RequestFacts): Promise<{ setCookies: string[] }>;
  isSetPasswordLinkValid(token: string): Promise<boolean>;
  setPassword(token: string, password: string): Promise<AuthOutcome>;
  changePassword(
    staff: StaffIdentity,
    input: { currentPassword: string; newPassword: string },
    request: RequestFacts,
  ): Promise<AuthOutcome>;
  /**
   * The start of a passkey sign-in: the WebAuthn options for the browser (any passkey of this site,
   * user verification required), and the cookie that binds the challenge to this browser. Counts
   * as a sign-in attempt of the client's address.
   */
  passkeySignInOptions(request: RequestFacts): Promise<AuthOutcome<{ options: PasskeyCeremonyOptions }>>;
  /** A complete sign-in with a passkey alone (decision 0032): the session carries its second factor. */
  signInWithPasskey(response: string, request: RequestFacts): Promise<AuthOutcome>;
  /** Records a refused request (a role that may not open a page). */
  recordAccessDenied(staff: StaffIdentity, path: string): Promise<void>;
};
