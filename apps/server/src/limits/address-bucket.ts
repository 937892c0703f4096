import { isIPv6 } from 'node:net';

/** The /64 in which tor writes an onion visitor's circuit number as an address. */
const TOR_CIRCUITS = 'fc00:dead:beef:4dad';

/**
 * The part of a client address that a per-address limit counts (security review 2026-11-26, 8).
 * One IPv6 customer holds a whole /64 (2^64 addresses): counting full IPv6 addresses would give
 * each of them a fresh limit, so IPv6 is counted by its /64 prefix. IPv4 addresses, and IPv4
 * addresses mapped into IPv6 (`::ffff:192.0.2.1`), are counted whole. So are the addresses tor
 * gives onion visitors' circuits (`HiddenServiceExportCircuitID haproxy`: fc00:dead:beef:4dad::
 * and the circuit's number, docs/deployment.md "Over tor"): one /64 holds every onion visitor, and
 * counting it whole would give them all one limit.
 */
export function addressBucket(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const address = ip.trim().toLowerCase().replace(/%.*$/, ''); // no zone index (fe80::1%eth0)
  if (!isIPv6(address)) return address;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address.replace(/^::/, '0:'));
  if (mapped?.[1]) return mapped[1];
  const groups = expandIPv6(address);
  if (groups.slice(0, 4).join(':') === TOR_CIRCUITS) return groups.join(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hexadecimal without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 here) as two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group || '0', 16).toString(16),
  );
}
