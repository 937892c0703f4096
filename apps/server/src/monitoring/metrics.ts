import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import client from 'prom-client';
import type { StorageDriver } from '../storage/storage-driver.ts';
import { StorageError, type StorageErrorCode } from '../storage/storage-error.ts';
import { SITE_VERSION } from '../version.ts';
import { SCHEDULED_JOBS } from './jobs.ts';

/**
 * What a request is counted under: a group of routes, never its path (no ids, no receipts, no
 * words typed in an address). The set is closed, so the series stay few.
 */
export function routeGroupOf(path: string): string {
  if (path === '/metrics') return 'metrics';
  if (path === '/api/reports') return 'api-reports';
  if (path === '/api/contact-messages') return 'api-contact';
  if (path.startsWith('/api/follow-up/')) return 'api-follow-up';
  if (path.startsWith('/api/altcha/')) return 'api-altcha';
  if (path.startsWith('/api/internal/')) return 'api-internal';
  if (path === '/api/health' || path === '/api/ready') return 'health';
  if (path.startsWith('/api/')) return 'api-other';
  if (path === '/internal' || path.startsWith('/internal/')) return 'staff-pages';
  if (path.startsWith('/assets/') || path === '/version.json' || /\.[a-z0-9]{2,5}$/i.test(path)) return 'static';
  return 'public-pages';
}

const methodOf = (method: string) => (['GET', 'HEAD', 'POST'].includes(method) ? method : 'other');

/** What a submission is, and the closed set of what can happen to it. */
export type SubmissionKind = 'report' | 'message' | 'reply';
export type SubmissionOutcome = 'accepted' | 'refused';

export type Metrics = {
  readonly contentType: string;
  /** Counts each request by route group, method and status class, with its duration. */
  requests(request: Request, response: Response, next: NextFunction): void;
  /**
   * A submission accepted (reason: stored, spooled, repeated) or refused (reason: the error
   * code of the catalogue, a closed set).
   */
  submission(kind: SubmissionKind, outcome: SubmissionOutcome, reason: string): void;
  storageError(operation: 'put' | 'get' | 'delete' | 'list' | 'move', code: StorageErrorCode): void;
  /** A submission's files began their work in the file work queue, or found it full (finding 1). */
  fileWork(outcome: 'started' | 'refused'): void;
  /** A run of a job of the job runner on this instance (decision 0035): its name is a closed set. */
  jobRun(job: string, outcome: 'succeeded' | 'failed'): void;
  /** The text format Prometheus reads; the database figures are read now. */
  render(): Promise<string>;
};

type Sources = {
  pool: pg.Pool;
  /** The spool's size and age (decision 0024). */
  spoolBacklog(): Promise<{ files: number; bytes: number; oldest: Date | null }>;
};

const ageSeconds = (date: Date | null, now: number) => (date ? Math.max(0, (now - date.getTime()) / 1000) : 0);

/**
 * The Prometheus metrics of one instance (decision 0030), on a registry of its own. Nothing
 * personal in any label: route groups, methods, status classes, submission kinds and error
 * codes, job names, storage error codes: closed sets, all of them.
 */
export function createMetrics({ pool, spoolBacklog }: Sources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'cs_' });

  new client.Gauge({
    name: 'cs_build_info',
    help: 'The release this instance runs (always 1), in its version label.',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version: SITE_VERSION }, 1);

  const requests = new client.Counter({
    name: 'cs_http_requests_total',
    help: 'HTTP requests answered, by route group, method and status class.',
    labelNames: ['group', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'cs_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route group and method.',
    labelNames: ['group', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
    registers: [registry],
  });
  const submissions = new client.Counter({
    name: 'cs_submissions_total',
    help: 'Reports, contact messages and follow-up messages, accepted or refused, by reason.',
    labelNames: ['kind', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const storageErrors = new client.Counter({
    name: 'cs_storage_errors_total',
    help: 'Storage operations that failed, by operation and storage error code.',
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });

  const fileWork = new client.Counter({
    name: 'cs_file_work_jobs_total',
    help: 'Submissions whose files were decoded and cleaned (started), or refused with 503 because the file work queue was full.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  const jobRuns = new client.Counter({
    name: 'cs_job_runs_total',
    help: "Runs of the job runner's jobs on this instance, by job and outcome (a failed run is retried with backoff).",
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });

  const outboxPending = new client.Gauge({
    name: 'cs_outbox_pending',
    help: 'Staff notifications waiting in the outbox.',
    registers: [registry],
  });
  const outboxAge = new client.Gauge({
    name: 'cs_outbox_oldest_age_seconds',
    help: 'Age of the oldest notification waiting in the outbox (0 when none).',
    registers: [registry],
  });
  const spoolFiles = new client.Gauge({
    name: 'cs_spool_files',
    help: 'Files waiting in the spool for the storage.',
    registers: [registry],
  });
  const spoolBytes = new client.Gauge({
    name: 'cs_spool_bytes',
    help: 'Bytes waiting in the spool for the storage.',
    registers: [registry],
  });
  const spoolAge = new client.Gauge({
    name: 'cs_spool_oldest_age_seconds',
    help: 'Age of the oldest file waiting in the spool (0 when none).',
    registers: [registry],
  });
  const jobSuccess = new client.Gauge({
    name: 'cs_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last succeeded (Unix time; 0 when never).',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailure = new client.Gauge({
    name: 'cs_job_last_failure_timestamp_seconds',
    help: 'When each scheduled job last failed (Unix time; 0 when never).',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const alertsOpen = new client.Gauge({
    name: 'cs_alerts_open',
    help: 'Alerts open on the admin dashboard.',
    registers: [registry],
  });
  const poolTotal = new client.Gauge({
    name: 'cs_db_pool_connections',
    help: 'Database connections of this instance, by state.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const poolWaiting = new client.Gauge({
    name: 'cs_db_pool_waiting',
    help: 'Queries of this instance waiting for a database connection.',
    registers: [registry],
  });

  /** The figures kept in the database, read at each scrape (shared by every instance). */
  const readDatabase = async () => {
    const now = Date.now();
    const [outbox, jobs, alerts, spool] = await Promise.all([
      pool.query<{ pending: string; oldest: Date | null }>(
        `select count(*) as pending, min(created_at) as oldest from notification_outbox where sent_at is null`,
      ),
      pool.query<{ name: string; success: Date | null; failure: Date | null }>(
        `select name, last_success_at as success, last_failure_at as failure from scheduled_job`,
      ),
      pool.query<{ open: string }>(`select count(*) as open from alert where resolved_at is null`),
      spoolBacklog(),
    ]);
    outboxPending.set(Number(outbox.rows[0]?.pending ?? 0));
    outboxAge.set(ageSeconds(outbox.rows[0]?.oldest ?? null, now));
    for (const job of SCHEDULED_JOBS) {
      const row = jobs.rows.find((candidate) => candidate.name === job);
      jobSuccess.set({ job }, row?.success ? row.success.getTime() / 1000 : 0);
      jobFailure.set({ job }, row?.failure ? row.failure.getTime() / 1000 : 0);
    }
    alertsOpen.set(Number(alerts.rows[0]?.open ?? 0));
    spoolFiles.set(spool.files);
    spoolBytes.set(spool.bytes);
    spoolAge.set(ageSeconds(spool.oldest, now));
  };

  return {
    contentType: registry.contentType,
    requests(request, response, next) {
      const stop = duration.startTimer();
      // Read now: routers mounted on a prefix rewrite the path while they handle the request.
      const group = routeGroupOf(request.path);
      const method = methodOf(request.method);
      response.once('finish', () => {
        stop({ group, method });
        requests.inc({ group, method, status: `${Math.floor(response.statusCode / 100)}xx` });
      });
      next();
    },
    submission: (kind, outcome, reason) => submissions.inc({ kind, outcome, reason }),
    storageError: (operation, code) => storageErrors.inc({ operation, code }),
    fileWork: (outcome) => fileWork.inc({ outcome }),
    jobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    async render() {
      poolTotal.set({ state: 'total' }, pool.totalCount);
      poolTotal.set({ state: 'idle' }, pool.idleCount);
      poolWaiting.set(pool.waitingCount);
      await readDatabase();
      return registry.metrics();
    },
  };
}

/** The storage driver, with each failure counted by operation and code (its path is never a label). */
export function countStorageErrors(driver: StorageDriver, metrics: Pick<Metrics, 'storageError'>): StorageDriver {
  const counted =
    <T>(operation: 'put' | 'get' | 'delete' | 'list', run: () => Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        metrics.storageError(operation, error instanceof StorageError ? error.code : 'unknown');
        throw error;
      }
    };
  return {
    bucket: driver.bucket,
    put: (fullPath, data, options) => counted('put', () => driver.put(fullPath, data, options))(),
    get: (fullPath) => counted('get', () => driver.get(fullPath))(),
    delete: (fullPath) => counted('delete', () => driver.delete(fullPath))(),
    list: (prefix) => counted('list', () => driver.list(prefix))(),
  };
}
