import type { CodeOf } from '../errors/error-codes.ts';
import { z } from '../forms/zod.ts';

/** The three staff roles; see docs/decisions/0008-staff-authentication.md for what each may do. */
export const STAFF_ROLES = ['admin', 'coordinator', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * What a role may do. Every internal page, action and API asks `can(role, permission)`; the
 * navigation asks the same question, so a link is shown exactly when its page would open.
 */
const PERMISSIONS = {
  'dashboard:view': ['admin', 'coordinator', 'viewer'],
  'stats:view': ['admin', 'coordinator', 'viewer'],
  /** Report lists and details, including the reporter's personal data. */
  'reports:manage': ['admin', 'coordinator'],
  /**
   * Linking a report into another incident, and splitting it out again (decision 0037); the
   * suggested links, and dismissing one (decision 0043).
   */
  'incidents:link': ['admin', 'coordinator'],
  /** Recording a report that came by phone, in person, e-mail… (decision 0051). */
  'reports:record': ['admin', 'coordinator'],
  /** Classifying an incident: category, manifestations, target, how known, place type, tags (decision 0044). */
  'incidents:classify': ['admin', 'coordinator'],
  /** The list of tags staff classify incidents with: add, rename, disable (decision 0044). */
  'tags:manage': ['admin'],
  /** The directory of partner organisations: add, change, disable (decision 0050). */
  'partners:manage': ['admin'],
  /** Referring a report to a partner, and recording what the partner did with it (decision 0050). */
  'referrals:manage': ['admin', 'coordinator'],
  /**
   * Support given (decision 0053): the needs raised, the services given, the safety plan (sealed,
   * read only by these roles) and the reporter's answer about the help they got. Viewers see only
   * the counts on the statistics page.
   */
  'support:manage': ['admin', 'coordinator'],
  'messages:manage': ['admin', 'coordinator'],
  'content:edit': ['admin', 'coordinator'],
  'staff:manage': ['admin'],
  'audit:view': ['admin'],
  /** The operational alerts on the dashboard (decision 0030). */
  'alerts:view': ['admin'],
  /**
   * Early warnings (decision 0052): several incidents that look like a pattern, seen on the
   * dashboard and acknowledged by the roles that read reports; a viewer sees none.
   */
  'warnings:acknowledge': ['admin', 'coordinator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** OWASP ASVS 6.2: at least 12 characters, and long passphrases allowed. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const STAFF_NAME_MAX_LENGTH = 100;
export const STAFF_EMAIL_MAX_LENGTH = 254;
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** Recovery codes as better-auth makes them: two groups of five letters and digits. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** Errors of the sign-in steps, as codes the pages translate (`signIn.errors.<code>`). */
export type SignInErrorCode = CodeOf<'signIn'>;

/** Errors of staff management, as codes (`staff.errors.<code>`). */
export type StaffErrorCode = CodeOf<'staff'>;

/** A new staff member, as the admin's form and the command line give it. */
export const newStaffSchema = z.object({
  email: z.string().trim().toLowerCase().max(STAFF_EMAIL_MAX_LENGTH, 'invalidEmail').pipe(z.email('invalidEmail')),
  name: z.string().trim().min(1, 'nameRequired').max(STAFF_NAME_MAX_LENGTH, 'nameTooLong'),
  role: z.enum(STAFF_ROLES, 'invalidRole'),
});
export type NewStaff = z.infer<typeof newStaffSchema>;
/** A new member as a form sends it: plain strings, which the operation parses. */
export type NewStaffInput = { email: string; name: string; role: string };

/** The password rule, as an error code or undefined. */
export function passwordProblem(password: string): 'passwordTooShort' | 'passwordTooLong' | undefined {
  // Count characters as people see them (an emoji is one), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  return undefined;
}

/** The audited events. Their details never hold a reporter's personal data. */
export const AUDIT_ACTIONS = [
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.locked',
  'sign-out',
  'session.expired',
  'two-factor.enrolled',
  'two-factor.succeeded',
  'two-factor.failed',
  'two-factor.recovery-code-used',
  'two-factor.reset',
  /** A passkey added, renamed or removed by its owner (decision 0032); details hold its id. */
  'passkey.registered',
  'passkey.renamed',
  'passkey.removed',
  'password.set',
  'password.changed',
  'staff.created',
  'staff.role-changed',
  'staff.disabled',
  'staff.enabled',
  'staff.password-link-issued',
  'access.denied',
  'report.personal-data-viewed',
  /**
   * A member opened a report's page (decision 0049): one row per member and report within ten
   * minutes, however often the page is drawn again. Admins read them on the report's page.
   */
  'report.opened',
  /** A member opened one of a report's files (a download, or an image shown on the page); `details` hold its id. */
  'report.file-opened',
  'report.status-changed',
  'report.assigned',
  'report.reply-sent',
  'report.note-added',
  'report.reminder-set',
  'report.reminder-done',
  'report.reminder-removed',
  'account.digest-changed',
  'message.status-changed',
  'message.deleted',
  'report.published',
  'report.unpublished',
  /**
   * A report moved into another incident (decision 0037): `details` hold the incident it left and
   * the one it joined, and whether the one it left was removed, being empty. The migration that
   * brought incidents wrote one for each report rejected as a duplicate before (`reason: duplicate`).
   */
  'report.linked',
  /** A report split out of its incident into a new incident of its own; `details` hold both. */
  'report.split',
  /** A report a coordinator recorded from another channel (decision 0051): the source and whether a receipt was made. */
  'report.recorded',
  /**
   * A suggested link dismissed on a report's page (decision 0043): the report's incident and the one
   * suggested are not the same event; `details` hold both.
   */
  'report.suggestion-dismissed',
  /**
   * The report's incident classified by staff (decision 0044): `details` hold the incident and its
   * whole classification as saved (category, manifestations, target, how known, place type, tag ids).
   */
  'incident.classified',
  /** A tag of the classification added, renamed, disabled or enabled again by an admin; `details` hold its names. */
  'tag.created',
  'tag.renamed',
  'tag.disabled',
  'tag.enabled',
  /** A partner of the directory added, changed, disabled or enabled again by an admin (decision 0050); `details` hold its name and kind. */
  'partner.created',
  'partner.changed',
  'partner.disabled',
  'partner.enabled',
  /**
   * A report referred to a partner (decision 0050): `details` hold the referral, the partner, the
   * pack, whether the identity went, the consent and how the reporter agreed; never any content.
   */
  'report.referred',
  /** A referral's status, reference or outcome changed; `details` hold the referral and what changed. */
  'report.referral-updated',
  /** Support (decision 0053): the needs raised changed; `details` hold the needs before and after (codes). */
  'report.support-needs-changed',
  /** A service given was recorded; `details` hold its need, the provider's kind and id, the day; never what was done. */
  'report.support-service-added',
  /**
   * A service recorded by mistake withdrawn (decision 0053, amended); `details` hold its id and
   * need; never what was done nor why it was withdrawn.
   */
  'report.support-service-withdrawn',
  /** The safety plan was written, changed or cleared; `details` say only whether it is empty now. */
  'report.safety-plan-changed',
  /** The case closed and the reporter was asked, in their thread, whether they got the help they needed. */
  'report.support-question-asked',
  /** The reporter answered the support question (actor kind `reporter`); `details` hold nothing of the answer. */
  'report.support-answered',
  /** An evidence pack for the police or Unia: what went in (never its content), in `details`. */
  'report.evidence-pack-produced',
  /** A PDF received before PDFs were cleaned, cleaned later by `npm run clean-old-pdfs` (decision 0031). */
  'report.attachment-cleaned',
  'content.edited',
  'export.downloaded',
  'report.personal-data-erased',
  /** A legal hold set, reviewed or lifted on a report (decision 0040); details never hold its reason. */
  'report.legal-hold-set',
  'report.legal-hold-reviewed',
  'report.legal-hold-lifted',
  'message.erased',
  'storage.orphans-removed',
  /**
   * The reporter, through their receipt (decision 0046): consent to pass the report on withdrawn,
   * erasure asked for; and a coordinator's answer to it (`details`: erased or refused, and why).
   */
  'report.consent-withdrawn',
  'report.erasure-requested',
  'report.erasure-answered',
  /** An early warning acknowledged (decision 0052): `details` hold its id, rule and the count acknowledged. */
  'early-warning.acknowledged',
  /**
   * A search of the report list across sealed text (decision 0055), written before the answer:
   * `details` hold the id of its sealed terms (`report_search_terms`), how many words and results.
   */
  'report.searched',
  /** A member saved or deleted a view of the report list; `details` hold its id, never its search. */
  'view.saved',
  'view.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * Who an audit event's actor is: a staff `member` (its id in `actor_id`); the `command-line`, run
 * by whoever holds the server (`npm run staff`, `npm run clean-old-pdfs`); a scheduled `job` of the
 * site itself (the retention job); a `visitor` whom no account matched (a failed sign-in); a
 * `migration`, the update of the site that changed stored data (decision 0037: the duplicates
 * linked into incidents); or the `reporter` of the report, through their receipt (decision 0046).
 */
export const AUDIT_ACTOR_KINDS = ['member', 'command-line', 'job', 'visitor', 'migration', 'reporter'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
