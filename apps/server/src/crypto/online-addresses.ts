import { createHmac } from 'node:crypto';
import type { Encryption } from './encryption.ts';

/**
 * Online addresses matched without being read (decision 0043): a report's addresses are sealed, and
 * beside them `report_url_hash` keeps a keyed hash (HMAC-SHA-256) of each address in a normal form,
 * so that two reports naming the same post find each other by an index, and nothing has to be
 * opened. The key is derived from the master key for this purpose alone (`deriveKey`, HKDF with its
 * own label), never the data key: a rotation of the data key (decision 0023) changes no hash, and a
 * database dump without the master key cannot test a guessed address against the hashes.
 */

/** The HKDF label of the hash key: changing it would make every stored hash useless. */
const KEY_PURPOSE = 'online-address-match';

/**
 * The version of the normal form, inside what is hashed: a change of the rules below comes with a
 * migration that empties `report_url_hash`, which the maintenance job then fills again.
 */
const FORM_VERSION = 'v1';

/** Query parameters that say who shared a link or where it was clicked, not what it shows. */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'igsh',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'ref_src',
  'ref_url',
  'si',
  'feature',
]);
const isTracking = (name: string) =>
  name.toLowerCase().startsWith('utm_') || TRACKING_PARAMETERS.has(name.toLowerCase());

/** Host prefixes that name the same site for another device. */
const SAME_SITE_PREFIXES = ['www.', 'm.', 'mobile.'];
/** Hosts that are one platform under two names. */
const HOST_ALIASES: Record<string, string> = { 'x.com': 'twitter.com', 'fb.com': 'facebook.com' };

/**
 * The normal form of an address, as compared: no scheme (http and https show the same page), the
 * host in lower case (the URL parser also writes an international name in its ASCII form) without
 * `www.`, `m.` or `mobile.`, a trailing dot, a port, a user or password; the path as the URL
 * parser writes it (percent-escapes of unreserved characters decoded, the others in upper case; case kept: paths are case-sensitive) without a
 * trailing slash; the query without tracking parameters (`utm_*`, `fbclid`, `gclid`, `si`… see
 * TRACKING_PARAMETERS), the rest sorted by name; no fragment. Something that does not parse as an
 * http(s) address (the form accepts none, but an archive could hold one) is compared as written,
 * trimmed and in lower case.
 */
export function normaliseOnlineAddress(address: string): string {
  const written = address.trim();
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return `raw:${written.toLowerCase()}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `raw:${written.toLowerCase()}`;
  let host = url.hostname.toLowerCase().replace(/\.$/, '');
  for (const prefix of SAME_SITE_PREFIXES) {
    if (host.startsWith(prefix) && host.length > prefix.length) {
      host = host.slice(prefix.length);
      break;
    }
  }
  host = HOST_ALIASES[host] ?? host;
  const path = normalisedPercents(url.pathname).replace(/\/+$/, '');
  const kept = [...url.searchParams.entries()]
    .filter(([name]) => !isTracking(name))
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${host}${path}${query}`;
}

/**
 * Percent-escapes as RFC 3986 (6.2.2) compares them: an unreserved character written as an escape
 * (`%7E`) is the character itself; other escapes in upper case.
 */
function normalisedPercents(path: string) {
  return path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}

/** The keyed hashes (hex) of a report's addresses, one per distinct normal form. */
export function onlineAddressHashes(encryption: Pick<Encryption, 'deriveKey'>, addresses: readonly string[]): string[] {
  const key = encryption.deriveKey(KEY_PURPOSE);
  const forms = new Set(addresses.map(normaliseOnlineAddress));
  return [...forms].map((form) => createHmac('sha256', key).update(`${FORM_VERSION}\n${form}`).digest('hex'));
}
