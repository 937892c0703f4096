import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  type AuditAction,
  type AuditActorKind,
  STAFF_ROLES,
  type StaffRole,
} from '@app/core/staff/staff';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';

/** What an audit event can be about; `subject_id` then holds that thing's id, if it has one. */
export const AUDIT_SUBJECT_TYPES = [
  'staff',
  'report',
  'message',
  'content',
  'storage',
  'tag',
  'partner',
  /** An early warning (decision 0052). */
  'early-warning',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

// The tables better-auth works on (user, session, account, verification, twoFactor), named for
// what they hold here. Field names are better-auth's; `auth/auth.ts` maps its models onto them.

export const staffUser = pgTable(
  'staff_user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The admin plugin: role, and "banned" meaning a disabled account.
    role: text('role').$type<StaffRole>().notNull().default('viewer'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // The twoFactor plugin.
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  () => [check('staff_user_role_check', isOneOf('role', STAFF_ROLES))],
);

export const staffSession = pgTable(
  'staff_session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** better-auth's admin plugin; unused here. A session opened as someone else ends with its opener. */
    impersonatedBy: text('impersonated_by').references((): AnyPgColumn => staffUser.id, { onDelete: 'cascade' }),
    /** Ours, not better-auth's: the idle timeout counts from here (`auth/staff-sessions.ts`). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Ours: when this session's own second factor (TOTP or recovery code, or the enrolment code)
     * was verified. Null means the password alone: the session is never a full one, whatever the
     * account has done in other browsers since (decision 0017).
     */
    secondFactorVerifiedAt: timestamp('second_factor_verified_at', { withTimezone: true }),
  },
  (table) => [index('staff_session_user_id_idx').on(table.userId)],
);

export const staffAccount = pgTable(
  'staff_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** A scrypt hash (`auth/password-hash.ts`). */
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_account_user_id_idx').on(table.userId)],
);

export const staffVerification = pgTable(
  'staff_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_verification_identifier_idx').on(table.identifier)],
);

export const staffTwoFactor = pgTable(
  'staff_two_factor',
  {
    id: text('id').primaryKey(),
    /** Encrypted by better-auth with a key derived from our master key. */
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    index('staff_two_factor_user_id_idx').on(table.userId),
    check('staff_two_factor_failed_count_check', rule(`"failed_verification_count" >= 0`)),
  ],
);

/**
 * Passkeys (WebAuthn credentials) of staff members, as better-auth's passkey plugin keeps them
 * (decision 0032). Only the public key is here: the private key never leaves the member's
 * authenticator. `name` is the member's own label ("Work laptop").
 */
export const staffPasskey = pgTable(
  'staff_passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    aaguid: text('aaguid'),
    /** Ours: when it last signed someone in. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('staff_passkey_user_id_idx').on(table.userId),
    check('staff_passkey_name_length', rule(`"name" is null or char_length("name") between 1 and 60`)),
  ],
);

/**
 * TOTP codes already accepted, kept for the few minutes in which they stay valid: a code works
 * once (RFC 6238 section 5.2), which better-auth does not check by itself.
 */
export const staffUsedTotpCode = pgTable(
  'staff_used_totp_code',
  {
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/**
 * Who did what and when, in the staff area. `details` holds ids, roles and reasons: never a
 * reporter's personal data, never a password, code or token.
 */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who acted (or tried to), when known. */
    actorId: text('actor_id').references(() => staffUser.id),
    /**
     * Who acted (`AUDIT_ACTOR_KINDS`): a `member` (then `actor_id` names them, and only then), the
     * `command-line`, a scheduled `job`, or a `visitor` no account matched. No default: each writer says.
     */
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    /**
     * What it was done to (`AUDIT_SUBJECT_TYPES`) and that thing's id. No foreign key: the subject
     * may be of several kinds, and the record outlives it (a deleted message, an erased report).
     */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_event_occurred_at_idx').on(table.occurredAt),
    index('audit_event_actor_idx').on(table.actorId, table.occurredAt),
    index('audit_event_action_idx').on(table.action, table.occurredAt),
    // A report's page reads who looked at it (decision 0049), and each look first asks whether the
    // member looked within ten minutes: both by the report's id.
    index('audit_event_subject_idx').on(table.subjectId, table.occurredAt),
    check('audit_event_action_check', isOneOf('action', AUDIT_ACTIONS)),
    check('audit_event_subject_type_check', isOneOf('subject_type', AUDIT_SUBJECT_TYPES)),
    check('audit_event_subject_id_has_type', rule(`"subject_id" is null or "subject_type" is not null`)),
    check('audit_event_actor_kind_check', isOneOf('actor_kind', AUDIT_ACTOR_KINDS)),
    check('audit_event_actor_is_member', rule(`("actor_kind" = 'member') = ("actor_id" is not null)`)),
  ],
);
