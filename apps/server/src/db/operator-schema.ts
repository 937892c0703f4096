import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { isOneOf, rule } from './constraints.ts';

/**
 * What the site tells its operator through `doctor` (issue 28): neither is site data, so neither
 * goes into a backup (services/backup/backup-tables.ts).
 */

/**
 * How the requests the site received arrived, against TRUST_PROXY (http/proxy-observer.ts): counts
 * per kind since the setting in force (`trust_proxy`) was first seen. No address, no path.
 */
export const PROXY_OBSERVATION_KINDS = [
  /** Through a proxy TRUST_PROXY names, with X-Forwarded-For: as it should be. */
  'forwarded',
  /** Straight from the visitor, no proxy configured and no X-Forwarded-For: as it should be. */
  'direct',
  /** From an address TRUST_PROXY names, without X-Forwarded-For (tor, curl… or a proxy that sends none). */
  'trusted-without-header',
  /** With X-Forwarded-For from an address TRUST_PROXY does not name: the header is ignored. */
  'untrusted-forwarder',
  /** TRUST_PROXY names a proxy, but this came from elsewhere (not loopback), without the header. */
  'bypassed-proxy',
] as const;
export type ProxyObservationKind = (typeof PROXY_OBSERVATION_KINDS)[number];

export const proxyObservation = pgTable(
  'proxy_observation',
  {
    kind: text('kind').$type<ProxyObservationKind>().primaryKey(),
    trustProxy: text('trust_proxy').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    seen: bigint('seen', { mode: 'number' }).notNull(),
  },
  () => [
    check('proxy_observation_kind_check', isOneOf('kind', PROXY_OBSERVATION_KINDS)),
    check('proxy_observation_seen_check', rule(`"seen" > 0`)),
    check('proxy_observation_trust_proxy_check', rule(`length("trust_proxy") between 1 and 500`)),
  ],
);

/**
 * The operator's word that the master key and the keyring, as they are now, are kept safe
 * elsewhere (`doctor --key-backed-up`): a keyed fingerprint of both, which reveals neither, so a
 * rotation (a new keyring) asks for it again.
 */
export const keyBackup = pgTable(
  'key_backup',
  {
    fingerprint: text('fingerprint').primaryKey(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('key_backup_fingerprint_check', rule(`"fingerprint" ~ '^[0-9a-f]{64}$'`))],
);
