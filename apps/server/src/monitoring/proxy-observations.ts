import type pg from 'pg';
import type { ProxyObservationKind } from '../db/operator-schema.ts';
import type { Logger } from '../logger.ts';

/** Counts are written at most this often per instance: one small upsert per kind seen. */
const WRITE_EVERY_MS = 60_000;

/** Kinds that say TRUST_PROXY does not match the requests: logged once per process when first seen. */
const WARNINGS: Partial<Record<ProxyObservationKind, string>> = {
  'untrusted-forwarder':
    'a request came with X-Forwarded-For from an address TRUST_PROXY does not name: the header is ignored, so behind that proxy every visitor shares its address. If a proxy is in front, name it in TRUST_PROXY (loopback when it runs on this machine); npm run doctor says more',
  'bypassed-proxy':
    'a request reached the site without passing the proxy named by TRUST_PROXY: the site listens beyond it (HOST). Keep HOST=127.0.0.1 behind a proxy on this machine, or close the port; npm run doctor says more',
};

export type ProxyObservations = {
  /** Counts one request of this kind; written with the others at most once a minute. */
  observe(kind: ProxyObservationKind): void;
  /** Writes what was counted (the tests, and the next request after a minute). */
  flush(): Promise<void>;
};

/**
 * How the requests arrive against TRUST_PROXY (table `proxy_observation`, read by doctor): counts
 * per kind since the setting in force was first seen; a new TRUST_PROXY starts the counts again.
 * No address, no path. Never throws: a database that cannot be reached is readiness's to report.
 */
export function createProxyObservations(
  pool: Pick<pg.Pool, 'query'>,
  trustProxy: false | string,
  logger: Logger,
): ProxyObservations {
  const setting = String(trustProxy);
  const pending = new Map<ProxyObservationKind, number>();
  const warned = new Set<ProxyObservationKind>();
  // The first request is written at once, so that doctor sees a fresh start without waiting.
  let lastWrite = 0;
  let writing: Promise<void> | undefined;

  const write = async () => {
    const counts = [...pending];
    pending.clear();
    lastWrite = Date.now();
    for (const [kind, count] of counts) {
      try {
        await pool.query(
          `insert into proxy_observation (kind, trust_proxy, seen) values ($1, $2, $3)
           on conflict (kind) do update set
             seen = case when proxy_observation.trust_proxy = excluded.trust_proxy
                         then proxy_observation.seen + excluded.seen else excluded.seen end,
             first_seen_at = case when proxy_observation.trust_proxy = excluded.trust_proxy
                                  then proxy_observation.first_seen_at else now() end,
             trust_proxy = excluded.trust_proxy,
             last_seen_at = now()`,
          [kind, setting, count],
        );
      } catch {
        // Counted again from the next requests.
      }
    }
  };

  const flush = async () => {
    await writing;
    writing = write().finally(() => {
      writing = undefined;
    });
    await writing;
  };

  return {
    observe(kind) {
      pending.set(kind, (pending.get(kind) ?? 0) + 1);
      const warning = WARNINGS[kind];
      if (warning && !warned.has(kind)) {
        warned.add(kind);
        logger.warn({ trustProxy: setting }, warning);
      }
      if (!writing && Date.now() - lastWrite >= WRITE_EVERY_MS) void flush();
    },
    flush,
  };
}
