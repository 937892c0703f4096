import type pg from 'pg';
import type { Config } from '../config.ts';
import type { ProxyObservationKind } from '../db/operator-schema.ts';
import { type Finding, ok } from './finding.ts';

/** Observations older than this say nothing of the site as it runs now. */
const RECENT_DAYS = 14;

/** "1 request", "3 requests". */
const requests = (count: number | undefined) => `${count} request${count === 1 ? '' : 's'}`;

const FIX_NAME_PROXY =
  'Name your proxy in TRUST_PROXY: loopback when nginx, Caddy or tor runs on this machine, else its address (docs/deployment.md, section 2).';

/**
 * TRUST_PROXY against the requests the site saw (http/proxy-observer.ts) under the setting in force,
 * in the last two weeks: a proxy it ignores, a proxy that sends no X-Forwarded-For, a way in that
 * goes around the proxy.
 */
export async function proxyFindings(config: Config, pool: Pick<pg.Pool, 'query'>): Promise<Finding[]> {
  const { rows } = await pool.query<{ kind: ProxyObservationKind; seen: string }>(
    `select kind, seen from proxy_observation
      where trust_proxy = $1 and last_seen_at > now() - make_interval(days => $2)`,
    [String(config.trustProxy), RECENT_DAYS],
  );
  const seen = Object.fromEntries(rows.map((row) => [row.kind, Number(row.seen)])) as Partial<
    Record<ProxyObservationKind, number>
  >;
  const total = Object.values(seen).reduce((sum, count) => sum + (count ?? 0), 0);
  if (total === 0) {
    return [
      {
        check: 'trust-proxy',
        severity: 'info',
        message: 'The site has not received a request yet under this TRUST_PROXY: nothing to compare.',
      },
    ];
  }
  const findings: Finding[] = [];
  if (seen['untrusted-forwarder']) {
    findings.push({
      check: 'trust-proxy',
      severity: 'warning',
      message: `${requests(seen['untrusted-forwarder'])} came with X-Forwarded-For from an address TRUST_PROXY=${config.trustProxy} does not name: the header was ignored, so every visitor behind that proxy shares one address for the limits.`,
      fix: `${FIX_NAME_PROXY} If no proxy is in front, someone sent the header by hand: nothing to do.`,
    });
  }
  if (seen['bypassed-proxy']) {
    findings.push({
      check: 'trust-proxy',
      severity: 'warning',
      message: `${requests(seen['bypassed-proxy'])} reached the site from another machine without passing the proxy TRUST_PROXY names: HOST=${config.host} listens beyond it.`,
      fix: 'Set HOST=127.0.0.1 when the proxy runs on this machine, or close the port to everyone but the proxy.',
    });
  }
  if (seen['trusted-without-header'] && !seen.forwarded && !config.onionUrl) {
    findings.push({
      check: 'trust-proxy',
      severity: 'warning',
      message: `${requests(seen['trusted-without-header'])} came from the proxy TRUST_PROXY names, and none carried X-Forwarded-For: if visitors come through it, they all share its address for the limits.`,
      fix: "Have the proxy send the visitor's address: in nginx, proxy_set_header X-Forwarded-For $remote_addr; Caddy sends it by itself.",
    });
  }
  if (findings.length === 0) {
    const through = seen.forwarded ? `${seen.forwarded} through the proxy TRUST_PROXY names` : '';
    const direct = seen.direct ? `${seen.direct} straight from visitors` : '';
    const local = seen['trusted-without-header']
      ? `${seen['trusted-without-header']} from this machine without a proxy header (tor, checks)`
      : '';
    findings.push(
      ok(
        'trust-proxy',
        `TRUST_PROXY=${config.trustProxy} matches the requests seen: ${[through, direct, local].filter(Boolean).join(', ')}.`,
      ),
    );
  }
  return findings;
}
